import React, { type ReactNode } from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import HomeHero from '@site/src/components/HomeHero';
import SectionCards from '@site/src/components/SectionCards';
import styles from './index.module.css';

const popular: { to: string; label: string; why: string }[] = [
  {
    to: '/catalyst/getting-started/first-api-call',
    label: 'First Catalyst API call',
    why: 'Log in, create an App ID and save state with one curl command.',
  },
  {
    to: '/catalyst/quickstarts/',
    label: 'Catalyst quickstarts',
    why: 'State, pub/sub, service invocation and workflow in five SDK languages.',
  },
  {
    to: '/catalyst/api/catalyst-apis',
    label: 'Catalyst API reference',
    why: 'Every Dapr HTTP operation Catalyst serves, with a request you can send.',
  },
  {
    to: '/conductor/',
    label: 'Conductor for your clusters',
    why: 'Connect a Kubernetes cluster and let Conductor manage Dapr on it.',
  },
];

export default function Home(): ReactNode {
  return (
    <Layout
      description="Guides and API reference for Catalyst, Conductor, enterprise Dapr and the Workflow Composer."
      wrapperClassName={styles.page}>
      {/* The hero's <header> sits inside <main>: at the top level it would be a second banner landmark beside the
          announcement bar's role=banner. */}
      <main>
        <HomeHero />
        <div className="container margin-bottom--xl">
          <section aria-labelledby="products" className={styles.block}>
            <Heading as="h2" id="products" className={styles.blockTitle}>
              Choose your product
            </Heading>
            <SectionCards headingLevel="h3" />
          </section>
          <section aria-labelledby="popular" className={styles.block}>
            <Heading as="h2" id="popular" className={styles.blockTitle}>
              Popular starting points
            </Heading>
            <ul className={styles.popular}>
              {popular.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={styles.popularLink}>
                    {item.label}
                  </Link>
                  <span className={styles.popularWhy}>{item.why}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </main>
    </Layout>
  );
}
