import React, { type ReactNode } from 'react';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { HOME_HERO } from '@site/src/homePage';
import styles from './styles.module.css';

/** The home page's opening: what the site covers and the two most common ways in. */
export default function HomeHero(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  return (
    <header className={styles.hero}>
      <div className="container">
        <p className={styles.kicker}>{siteConfig.title}</p>
        <Heading as="h1" className={styles.title}>
          {HOME_HERO.title}
        </Heading>
        <p className={styles.lead}>{HOME_HERO.lead}</p>
        <div className={styles.actions}>
          <Link className="button button--primary button--lg" to={HOME_HERO.firstCall.to}>
            {HOME_HERO.firstCall.label}
          </Link>
          <Link className="button button--secondary button--outline button--lg" to="/search">
            Search the docs
          </Link>
        </div>
      </div>
    </header>
  );
}
