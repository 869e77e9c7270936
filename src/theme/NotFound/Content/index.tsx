import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import Head from '@docusaurus/Head';
import Heading from '@theme/Heading';
import SearchForm from '@site/src/components/SearchForm';
import SectionCards from '@site/src/components/SectionCards';

type Props = { className?: string };

// The stock page only says the page is missing; readers need a way on: search, or one of the four sections.
export default function NotFoundContent({ className }: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <Head>
        <meta
          name="description"
          content="This page does not exist. Search the documentation or open Catalyst, Conductor, enterprise Dapr or the Workflow Composer."
        />
      </Head>
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1">Page not found</Heading>
          <p>
            Nothing lives at this address. It may have moved when the docs were reorganised, or the link that
            brought you here has a typo. Search for what you were after, or start again from one of the sections.
          </p>
          <SearchForm className="margin-vert--lg" />
          <Heading as="h2" className="margin-top--lg">
            Browse a section
          </Heading>
          <SectionCards headingLevel="h3" compact />
        </div>
      </div>
    </main>
  );
}
