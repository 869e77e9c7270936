import React, { type ReactNode } from 'react';
import MimeTabs from '@theme-original/MimeTabs';
import SingleTab, { onlyTab } from '@site/src/components/SingleTab';

// The theme ships no type declarations for its components.
type Props = { children?: ReactNode; className?: string } & Record<string, unknown>;

// The OpenAPI theme draws a tab list even for one tab. One tab is drawn as its panel alone, under its content type.
export default function MimeTabsWrapper(props: Props): ReactNode {
  const tab = onlyTab(props.children);
  if (tab) return <SingleTab tab={tab} className={props.className} showLabel={true} />;
  return <MimeTabs {...props} />;
}
