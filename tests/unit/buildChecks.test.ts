// The build's checks on what it made (src/plugins/build-checks): a doc in no sidebar, an API operation page that fell
// back to a plain doc page, a built page nothing links to. Each is shown passing on a good fixture and failing on
// the mistake planted in it.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  API_LAYOUT_MARK,
  docsOutsideSidebars,
  internalLinks,
  operationPagesWithoutApiLayout,
  orphanRoutes,
  type DocsInstance,
} from '../../src/plugins/build-checks/checks';
import { KNOWN_ORPHANS } from '../../src/plugins/build-checks';

const doc = (id: string, source = `@site/catalyst/${id}.md`) => ({ id, source, permalink: `/catalyst/${id}`, frontMatter: {} });

test('a doc in no sidebar of its instance is named with its file', () => {
  const catalyst: DocsInstance = {
    loadedVersions: [
      {
        docs: [doc('index'), doc('quickstarts/index'), doc('quickstarts/state'), doc('api/converse', '@site/catalyst/api/converse.api.mdx')],
        sidebars: {
          catalyst: [
            { type: 'doc', id: 'index' },
            { type: 'category', link: { type: 'doc', id: 'quickstarts/index' }, items: [{ type: 'doc', id: 'quickstarts/state' }] },
            { type: 'category', items: [{ type: 'ref', id: 'api/converse' }] },
          ],
        },
      },
    ],
  };
  assert.deepEqual(docsOutsideSidebars({ catalyst }), []);
  catalyst.loadedVersions[0].docs.push(doc('concepts/new-page'));
  assert.deepEqual(docsOutsideSidebars({ catalyst }), ['catalyst: @site/catalyst/concepts/new-page.md (id concepts/new-page)']);
});

test('an operation page without the API layout is named; other generated pages are not held to it', () => {
  const apiPage = `<main><div class="row theme-api-markdown"><div class="col col--7 ${API_LAYOUT_MARK}"><h1>Save state</h1></div></div></main>`;
  const plainDoc = '<main><div class=row><div class="col docItemCol_abc"><article><h1>Save state</h1></article></div></div></main>';
  const pages = [
    { source: '@site/catalyst/api/save-state.api.mdx', route: '/catalyst/api/save-state', html: apiPage },
    { source: '@site/catalyst/api/catalyst-apis.info.mdx', route: '/catalyst/api/catalyst-apis', html: plainDoc },
  ];
  assert.deepEqual(operationPagesWithoutApiLayout(pages), []);
  // Unquoted, as the minifier writes a single class.
  assert.deepEqual(operationPagesWithoutApiLayout([{ ...pages[0], html: `<div class=${API_LAYOUT_MARK}></div>` }]), []);
  pages[0].html = plainDoc;
  assert.deepEqual(operationPagesWithoutApiLayout(pages), ['@site/catalyst/api/save-state.api.mdx (/catalyst/api/save-state)']);
});

test('links are read quoted and unquoted, without query or fragment, and only root-relative ones', () => {
  assert.deepEqual(
    internalLinks('<a href=/a/b>x</a><a href="/c/?q=1#h">y</a><a href=\'/d#e\'>z</a><a href=https://x.com/f>w</a><a href=//cdn/g>v</a>'),
    ['/a/b', '/c/', '/d'],
  );
});

test('a built page no other page links to is an orphan; sidebars, self-links and the exempt list are handled', () => {
  const nav = '<nav><a href=/>Home</a><a href=/catalyst/>Catalyst</a></nav>';
  const pages = [
    { route: '/', html: `${nav}<a href=/search>Search</a>` },
    { route: '/catalyst/', html: `${nav}<a href=/catalyst/concepts/appids>App IDs</a>` },
    { route: '/catalyst/concepts/appids', html: nav },
    { route: '/catalyst/quickstarts/state', html: nav },
    { route: '/search', html: nav },
    { route: '/404.html', html: nav },
  ];
  assert.deepEqual(orphanRoutes(pages, ['/catalyst/quickstarts/state'], ['/404.html']), []);
  pages.push({ route: '/markdown-page', html: `${nav}<a href=/markdown-page>this page</a>` });
  assert.deepEqual(orphanRoutes(pages, ['/catalyst/quickstarts/state'], ['/404.html']), ['/markdown-page']);
  assert.deepEqual(orphanRoutes(pages, [], ['/404.html', '/markdown-page']), ['/catalyst/quickstarts/state']);
});

test('the site knows of no orphan pages', () => {
  assert.deepEqual(KNOWN_ORPHANS, []);
});
