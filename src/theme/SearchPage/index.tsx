import React, { type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import SearchPage from '@theme-original/SearchPage';

// The plugin's page sets no meta description; every page of the site has one. Its section selector has no
// label either (axe: select-name, critical); a label may sit anywhere in the document, so it is given one here.
export default function SearchPageWrapper(): ReactNode {
  return (
    <>
      <Head>
        <meta
          name="description"
          content="Search the Catalyst, Conductor, enterprise Dapr and Workflow Composer documentation, in one section or all of them."
        />
      </Head>
      <label htmlFor="context-selector" className="visually-hidden">
        Search in
      </label>
      <SearchPage />
    </>
  );
}
