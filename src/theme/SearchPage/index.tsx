import React, { type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import SearchPage from '@theme-original/SearchPage';

// The plugin's page sets no meta description; every page of the site has one. (Its `<main>` and the section
// selector's label come from the search-page-landmarks patch: a label here would sit outside every landmark.)
export default function SearchPageWrapper(): ReactNode {
  return (
    <>
      <Head>
        <meta
          name="description"
          content="Search the Catalyst, Conductor, enterprise Dapr and Workflow Composer documentation, in one section or all of them."
        />
      </Head>
      <SearchPage />
    </>
  );
}
