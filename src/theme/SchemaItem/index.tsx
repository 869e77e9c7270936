import React, { type ReactNode, useContext } from 'react';
import SchemaItem from '@theme-original/SchemaItem';
import { InsideSchemaItem } from './context';

// The theme ships no type declarations for its components.
type Props = Record<string, unknown>;

// The theme puts each top-level property <div> directly in a <ul>, which screen readers cannot read as a list
// (axe: list, serious). A top-level item becomes a <li>; nested items stay as they are, inside their parent's
// <div>, where a <li> would be orphaned.
export default function SchemaItemWrapper(props: Props): ReactNode {
  const nested = useContext(InsideSchemaItem);
  const item = (
    <InsideSchemaItem.Provider value>
      <SchemaItem {...props} />
    </InsideSchemaItem.Provider>
  );
  return nested ? item : <li className="openapi-list-item">{item}</li>;
}
