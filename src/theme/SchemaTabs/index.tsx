import React, { type ReactNode } from 'react';
import SchemaTabs from '@theme-original/SchemaTabs';
import SingleTab, { onlyTab } from '@site/src/components/SingleTab';

// The theme ships no type declarations for its components.
type Props = { children?: ReactNode; className?: string } & Record<string, unknown>;

// The OpenAPI theme draws a tab list even for one tab. One tab is drawn as its panel alone, without its label
// ("Body", "Schema"): the heading inside says it.
export default function SchemaTabsWrapper(props: Props): ReactNode {
  const tab = onlyTab(props.children);
  if (tab) return <SingleTab tab={tab} className={props.className} showLabel={false} />;
  return <SchemaTabs {...props} />;
}
