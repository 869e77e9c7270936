import React, { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import DocRoot from '@theme-original/DocRoot';
import type { Props } from '@theme/DocRoot';
import { DocsVersionProvider, useDocsVersion } from '@docusaurus/plugin-content-docs/client';
import { subscribeBucketLoads } from '@site/src/plugins/route-sections/client';
import { BRANCHES_FIELD, withBranches, type Branches, type Sidebars } from '@site/src/plugins/docs-lean-version-props/sidebarBranches';

// The version's sidebars with the branches loaded so far put back (docs-lean-version-props/sidebarBranches.ts):
// the server has them all on this route; the browser gets them with the route buckets it loads, and renders again
// when one more arrives (an opened category).
export default function DocRootWithSidebarBranches(props: Props): ReactNode {
  const route = props.route as Props['route'] & { [BRANCHES_FIELD]?: Branches };
  const read = () => route[BRANCHES_FIELD];
  const branches = useSyncExternalStore(subscribeBucketLoads, read, read);
  const version = useDocsVersion();
  const merged = useMemo(() => {
    const docsSidebars = withBranches(version.docsSidebars as unknown as Sidebars, branches);
    return docsSidebars === (version.docsSidebars as unknown) ? version : { ...version, docsSidebars: docsSidebars as unknown as typeof version.docsSidebars };
  }, [version, branches]);
  return (
    <DocsVersionProvider version={merged}>
      <DocRoot {...props} />
    </DocsVersionProvider>
  );
}
