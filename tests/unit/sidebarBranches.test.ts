// src/plugins/docs-lean-version-props/sidebarBranches.ts: a section's sidebar split into its top level (in the
// version props, on every page) and branches (with the route buckets of their pages). Put back together, the
// branches must give the sidebar the docs plugin made; before they are, each category must keep what the theme
// reads of it on the server (its first link, its visibility).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RouteConfig } from '@docusaurus/types';

import {
  PENDING,
  branchesForBucket,
  firstLink,
  segmentsOf,
  splitSidebars,
  withBranches,
  type SidebarItem,
  type Sidebars,
} from '../../src/plugins/docs-lean-version-props/sidebarBranches';
import { withSidebarBranches } from '../../src/plugins/docs-lean-version-props/index';
import { ShapeError } from '../../src/plugins/shape';

const link = (href: string, label = href): SidebarItem => ({ type: 'link', label, href, docId: href });
const category = (label: string, items: SidebarItem[], extra: Partial<SidebarItem> = {}): SidebarItem => ({
  type: 'category',
  label,
  collapsible: true,
  collapsed: true,
  items,
  ...extra,
});

const SIDEBARS: Sidebars = {
  guide: [
    link('/guide/', 'Welcome'),
    category('Concepts', [link('/guide/concepts/a'), category('Deeper', [link('/guide/concepts/deep/b')], { href: '/guide/concepts/deep/' }), link('/guide/faq')]),
    category('Open', [link('/guide/open/a')], { collapsed: false }),
    category('Fixed', [link('/guide/fixed/a')], { collapsible: false, collapsed: false }),
    category('Linked', [link('/guide/references/x#part')], { href: '/guide/references/', linkUnlisted: true }),
    category('Elsewhere', [link('https://example.com/'), link('/guide/else/a')]),
    category('Outside', [link('/other/page')]),
    { type: 'html', value: '<hr>' },
  ],
  other: [category('Only', [{ ...link('/guide/hidden'), unlisted: true }, link('/guide/shown')])],
};

/** As the theme's isVisibleSidebarItem, without an active page. */
const visible = (item: SidebarItem): boolean =>
  item.type === 'category' ? (item.href !== undefined && !item.linkUnlisted) || (item.items ?? []).some(visible) : item.type !== 'link' || !item.unlisted;

test('each collapsed top-level category whose first link is in the section becomes a placeholder and a branch', () => {
  const { sidebars, branches } = splitSidebars(SIDEBARS, '/guide');
  assert.deepEqual(Object.keys(branches), ['guide#1', 'guide#4', 'other#0']);
  assert.deepEqual(branches['guide#1'].segments, ['CONCEPTS', 'FAQ']);
  assert.deepEqual(branches['guide#4'].segments, ['REFERENCES']);
  assert.deepEqual(branches['other#0'].segments, ['HIDDEN', 'SHOWN']);
  assert.equal(branches['guide#1'].items, SIDEBARS.guide[1].items, 'the items as they were');
  // Kept whole: links, a category drawn open or not collapsible, one whose first link leaves the site or the section.
  for (const i of [0, 2, 3, 5, 6, 7]) assert.equal(sidebars.guide[i], SIDEBARS.guide[i], `item ${i}`);
  assert.deepEqual(sidebars.guide[1].items, [{ type: 'link', label: 'Concepts', href: '/guide/concepts/a', [PENDING]: true }]);
  assert.equal(sidebars.other[0].items![0].href, '/guide/shown', 'an unlisted page is not a first link');
});

test('a placeholder keeps what the server reads of its category: the first link and its visibility', () => {
  const { sidebars } = splitSidebars(SIDEBARS, '/guide');
  for (const name of Object.keys(SIDEBARS)) {
    SIDEBARS[name].forEach((item, i) => {
      assert.equal(firstLink(sidebars[name][i]), firstLink(item), `${name} ${i}`);
      assert.equal(visible(sidebars[name][i]), visible(item), `${name} ${i}`);
    });
  }
  assert.equal(firstLink(SIDEBARS.guide[4]), '/guide/references/x#part', 'an unlisted category link is skipped');
});

test('all branches put back give the sidebars the docs plugin made; none gives the split ones, unchanged', () => {
  const { sidebars, branches } = splitSidebars(SIDEBARS, '/guide');
  assert.deepEqual(withBranches(sidebars, branches), SIDEBARS);
  assert.equal(withBranches(sidebars, undefined), sidebars);
  assert.equal(withBranches(sidebars, {}), sidebars);
  const some = withBranches(sidebars, { 'guide#1': branches['guide#1'] });
  assert.deepEqual(some.guide[1], SIDEBARS.guide[1]);
  assert.equal(some.guide[4], sidebars.guide[4], 'a branch not loaded stays a placeholder');
  assert.equal(withBranches(some, branches).guide[1], some.guide[1], 'a category put back is left alone');
});

test('a bucket carries the branches with a link among its segments', () => {
  const { branches } = splitSidebars(SIDEBARS, '/guide');
  assert.deepEqual(Object.keys(branchesForBucket(branches, ['FAQ', ''])), ['guide#1']);
  assert.deepEqual(Object.keys(branchesForBucket(branches, ['REFERENCES'])), ['guide#4']);
  assert.deepEqual(Object.keys(branchesForBucket(branches, ['NONE'])), []);
  assert.deepEqual(segmentsOf(link('/GUIDE/Concepts/x?q#h'), '/guide'), ['CONCEPTS']);
});

test("the docs plugin's routes: version props keep the top level, the docs root route gets the branches", () => {
  const page = (path: string): RouteConfig => ({ path, component: '@theme/DocItem', exact: true, sidebar: 'guide' } as RouteConfig);
  const route: RouteConfig = {
    path: '/guide',
    component: '@theme/DocsRoot',
    routes: [
      {
        path: '/guide',
        component: '@theme/DocVersionRoot',
        props: { version: { version: 'current', docsSidebars: SIDEBARS } },
        routes: [
          { path: '/guide', component: '@theme/DocRoot', routes: [page('/guide/concepts/a')] },
          { path: '/guide/tags', component: '@theme/DocTagsListPage', exact: true },
        ],
      },
    ],
  };
  const split = { count: 0 };
  const out = withSidebarBranches(route, split);
  assert.equal(split.count, 1);
  const version = out.routes![0];
  const { sidebars, branches } = splitSidebars(SIDEBARS, '/guide');
  assert.deepEqual((version.props!.version as { docsSidebars: Sidebars }).docsSidebars, sidebars);
  assert.deepEqual((version.routes![0] as { sidebarBranches?: unknown }).sidebarBranches, branches);
  assert.equal(version.routes![1], route.routes![0].routes![1], 'the tags route as it was');
  assert.equal((route.routes![0].props!.version as { docsSidebars: Sidebars }).docsSidebars, SIDEBARS, 'input untouched');

  const odd = { ...route, routes: [{ ...route.routes![0], props: { version: { docsSidebars: [] } } }] };
  assert.throws(() => withSidebarBranches(odd, { count: 0 }), (error: unknown) => error instanceof ShapeError && /docsSidebars/.test(error.message));
});
