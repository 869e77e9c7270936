/**
 * The worker lists each page once, followed by its best sections (marked isInterOfTree / isLastOfTree); /search
 * shows them as one result per page with the sections linked under it.
 */
export function groupByPage<T extends { isInterOfTree?: boolean; isLastOfTree?: boolean }>(results: T[]): { head: T; sections: T[] }[] {
  const groups: { head: T; sections: T[] }[] = [];
  for (const item of results) {
    if ((item.isInterOfTree || item.isLastOfTree) && groups.length > 0) groups[groups.length - 1].sections.push(item);
    else groups.push({ head: item, sections: [] });
  }
  return groups;
}
