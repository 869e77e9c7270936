import React, { type ReactNode, useContext } from 'react';
import {
  OpeningArrayBracket as OriginalOpening,
  ClosingArrayBracket as OriginalClosing,
} from '@theme-original/ArrayBrackets';
import { InsideSchemaItem } from '../SchemaItem/context';

// The theme draws "Array [" and "]" as <li>s. At the top level they sit in the schema's <ul>, but for an array
// nested in a property they sit in a <div>, an orphaned list item for screen readers (axe: listitem). Nested
// brackets become <div>s with the same look.
const bracketStyle = { fontSize: 'var(--ifm-code-font-size)', opacity: 0.6, marginLeft: '-.5rem' };

export function OpeningArrayBracket(): ReactNode {
  const nested = useContext(InsideSchemaItem);
  if (!nested) return <OriginalOpening />;
  return (
    <div className="openapi-array-bracket">
      <div style={{ ...bracketStyle, paddingBottom: '.5rem' }}>Array [</div>
    </div>
  );
}

export function ClosingArrayBracket(): ReactNode {
  const nested = useContext(InsideSchemaItem);
  if (!nested) return <OriginalClosing />;
  return (
    <div className="openapi-array-bracket">
      <div style={bracketStyle}>]</div>
    </div>
  );
}
