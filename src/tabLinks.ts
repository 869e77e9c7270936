// Ties each tab to its panel: the tab has an id and `aria-controls` naming its panel, the panel an id and
// `aria-labelledby` naming its tab. Stock Docusaurus and OpenAPI tabs have neither, so a screen reader cannot go from
// a tab to its content, and the Nu HTML Checker reports "Every active role=tab element must have a corresponding
// role=tabpanel element" on every page with tabs. The theme's Tabs/TabItem and the OpenAPI theme's six tab
// components and its TabItem call these (patches/, see UPGRADING.md); `linkId` is one React `useId()` per tab group,
// added where the group's context value is made, so the server's ids are the browser's.

/** What the tab group's context holds that the links need (both themes' `useTabs()` value). */
export interface TabGroupLinks {
  linkId: string;
  tabValues: readonly { value: string }[];
  selectedValue?: string | null;
  lazy?: boolean;
}

/** Ids go by the tab's position: a tab value may hold any character, an id no white space. */
function ids(group: TabGroupLinks, value: string): { tab: string; panel: string } {
  const index = group.tabValues.findIndex((tab) => tab.value === value);
  if (index === -1) throw new Error(`tabLinks: no tab with value "${value}" in this tab group`);
  return { tab: `${group.linkId}-tab-${index}`, panel: `${group.linkId}-panel-${index}` };
}

/** Props for a tab (`role="tab"`). A lazy group renders only the selected panel, so only that tab names one. */
export function tabLinkProps(group: TabGroupLinks, value: string): { id: string; 'aria-controls'?: string } {
  const { tab, panel } = ids(group, value);
  return !group.lazy || value === group.selectedValue ? { id: tab, 'aria-controls': panel } : { id: tab };
}

/** Props for a panel (`role="tabpanel"`). */
export function panelLinkProps(group: TabGroupLinks, value: string): { id: string; 'aria-labelledby': string } {
  const { tab, panel } = ids(group, value);
  return { id: panel, 'aria-labelledby': tab };
}
