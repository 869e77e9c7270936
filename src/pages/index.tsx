import React, { type ReactNode } from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import HomeHero from '@site/src/components/HomeHero';
import SectionCards from '@site/src/components/SectionCards';
import { POPULAR, POPULAR_HEADING, PRODUCTS_HEADING } from '@site/src/homePage';
import styles from './index.module.css';

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
              {PRODUCTS_HEADING}
            </Heading>
            <SectionCards headingLevel="h3" />
          </section>
          <section aria-labelledby="popular" className={styles.block}>
            <Heading as="h2" id="popular" className={styles.blockTitle}>
              {POPULAR_HEADING}
            </Heading>
            <ul className={styles.popular}>
              {POPULAR.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={styles.popularLink}>
                    {item.label}
                  </Link>{' '}
                  {/* The space keeps the title and the why apart in the page's text (copied, or read by a tool). */}
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
