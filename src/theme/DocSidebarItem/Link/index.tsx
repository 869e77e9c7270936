import React, { useEffect, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import DocSidebarItemLink from '@theme-original/DocSidebarItem/Link';
import type { Props } from '@theme/DocSidebarItem/Link';
import { ThemeClassNames } from '@docusaurus/theme-common';
import Link from '@docusaurus/Link';
import routes from '@generated/routes';
import { matchRoutes } from 'react-router-config';
import { loadLazyRoutes, type RouteLike } from '@site/src/plugins/route-sections/client';
import { PENDING } from '@site/src/plugins/docs-lean-version-props/sidebarBranches';

// A category's items not loaded yet (docs-lean-version-props/sidebarBranches.ts) are one placeholder link to its
// first page. Drawn only once the category is open (the theme's Collapsible is lazy): it loads the route bucket
// of that page, which brings the items; DocRoot then draws them in its place. If the load fails, a link to the
// category's first page.
function PendingBranch({ item, level }: Props): ReactNode {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadLazyRoutes(routes as RouteLike[], item.href, matchRoutes as never).catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [item.href]);
  return (
    <li className={clsx(ThemeClassNames.docs.docSidebarItemLink, ThemeClassNames.docs.docSidebarItemLinkLevel(level), 'menu__list-item')}>
      {failed ? (
        <Link className="menu__link" to={item.href}>
          {item.label}
        </Link>
      ) : (
        <span className="menu__link" role="status">
          Loading…
        </span>
      )}
    </li>
  );
}

export default function DocSidebarItemLinkOrPending(props: Props): ReactNode {
  if ((props.item as Props['item'] & { [PENDING]?: boolean })[PENDING]) return <PendingBranch {...props} />;
  return <DocSidebarItemLink {...props} />;
}
