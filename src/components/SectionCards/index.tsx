import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import { sections, landingPath } from '@site/src/sections';
import styles from './styles.module.css';

type Props = {
  /** Heading level of each card title, so the cards sit correctly in the page outline. */
  headingLevel?: 'h2' | 'h3';
  /** Compact cards drop the "start here" link (used on the not-found page). */
  compact?: boolean;
};

/** One card per documentation section, straight from the sections table. */
export default function SectionCards({ headingLevel = 'h2', compact = false }: Props): ReactNode {
  return (
    <ul className={clsx(styles.grid, compact && styles.compact)}>
      {sections.map((section) => (
        <li key={section.id} className={styles.card}>
          <Heading as={headingLevel} className={styles.title}>
            <Link to={landingPath(section)} className={styles.titleLink}>
              {section.label}
            </Link>
          </Heading>
          <p className={styles.pitch}>{section.pitch}</p>
          {!compact && section.startHere.to !== landingPath(section) && (
            <Link to={section.startHere.to} className={styles.start}>
              {section.startHere.label} <span aria-hidden="true">→</span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
