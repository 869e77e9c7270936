import React, { type ReactNode } from 'react';
import ParamsItem from '@theme-original/ParamsItem';
import { InsideSchemaItem } from '../SchemaItem/context';

// The theme ships no type declarations for its components.
type Props = Record<string, unknown>;

// Each parameter is a <div> placed directly in the parameters <ul> (axe: list, serious): give it its <li>.
export default function ParamsItemWrapper(props: Props): ReactNode {
  return (
    <li className="openapi-list-item">
      <InsideSchemaItem.Provider value>
        <ParamsItem {...props} />
      </InsideSchemaItem.Provider>
    </li>
  );
}
