import React, { type ReactNode, useContext } from 'react';
import { InsideSchemaItem } from '../SchemaItem/context';

// The theme draws "Array [" and "]" as <li>s. At the top level they sit in the schema's <ul>, but for an array
// nested in a property they sit in a <div>, an orphaned list item for screen readers (axe: listitem). Nested
// brackets become <div>s with the same look. The theme dims them with opacity 0.6, which leaves light mode's small
// code-size text at 4.4:1 on white (axe: color-contrast); 0.7 keeps the look at about 6:1.
const bracketStyle = { fontSize: 'var(--ifm-code-font-size)', opacity: 0.7, marginLeft: '-.5rem' };

function Bracket({ text, opening }: { text: string; opening: boolean }): ReactNode {
  const nested = useContext(InsideSchemaItem);
  const bracket = <div style={opening ? { ...bracketStyle, paddingBottom: '.5rem' } : bracketStyle}>{text}</div>;
  return nested ? <div className="openapi-array-bracket">{bracket}</div> : <li>{bracket}</li>;
}

export function OpeningArrayBracket(): ReactNode {
  return <Bracket text="Array [" opening />;
}

export function ClosingArrayBracket(): ReactNode {
  return <Bracket text="]" opening={false} />;
}
