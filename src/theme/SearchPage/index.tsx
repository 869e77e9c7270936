import React, { type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import SearchPage from '@theme-original/SearchPage';

// The plugin's page sets no meta description; every page of the site has one. (Its `<main>` and the section
// selector's label come from the search-page-landmarks patch: a label here would sit outside every landmark.)
// A results page is not a page of the docs: search engines are asked not to index it (and the sitemap leaves it
// out), as for any site search, but to follow its links to the pages that are. The plugin's own tag says so with
// `property="robots"`, an attribute crawlers do not read for this; `name` is the one they do.
export default function SearchPageWrapper(): ReactNode {
  return (
    <>
      <Head>
        <meta name="robots" content="noindex, follow" />
        <meta
          name="description"
          content="Search the Catalyst, Conductor, enterprise Dapr and Workflow Composer documentation, in one section or all of them."
        />
      </Head>
      <SearchPage />
    </>
  );
}
