import React, { type ReactNode } from 'react';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import styles from './styles.module.css';

/** The home page's opening: what the site covers and the two most common ways in. */
export default function HomeHero(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  return (
    <header className={styles.hero}>
      <div className="container">
        <p className={styles.kicker}>{siteConfig.title}</p>
        <Heading as="h1" className={styles.title}>
          Build on Dapr, run it anywhere
        </Heading>
        <p className={styles.lead}>
          Guides and API reference for the hosted Dapr APIs of Catalyst, Dapr cluster management
          with Conductor, the enterprise Dapr distribution and the Workflow Composer.
        </p>
        <div className={styles.actions}>
          <Link className="button button--primary button--lg" to="/catalyst/getting-started/first-api-call">
            Make your first API call
          </Link>
          <Link className="button button--secondary button--outline button--lg" to="/search">
            Search the docs
          </Link>
        </div>
      </div>
    </header>
  );
}
