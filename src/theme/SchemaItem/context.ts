import { createContext } from 'react';

/**
 * True inside a schema item. The API theme renders top-level parameters and properties straight into a <ul>,
 * and nested properties inside a <div> of their parent item; only the top-level ones may become <li>.
 */
export const InsideSchemaItem = createContext(false);
