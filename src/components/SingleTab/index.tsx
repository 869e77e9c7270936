import React, { type ReactElement, type ReactNode } from 'react';
import styles from './styles.module.css';

/** The props the OpenAPI theme gives each TabItem of its MIME and schema tabs. */
type TabItemProps = { label?: ReactNode; value?: string; children?: ReactNode };

/** The one tab among a tab group's children (some may be null), or null when there are none or several. */
export function onlyTab(children: ReactNode): ReactElement<TabItemProps> | null {
  const items = React.Children.toArray(children).filter((child): child is ReactElement<TabItemProps> => React.isValidElement(child));
  return items.length === 1 ? items[0] : null;
}

type Props = { tab: ReactElement<TabItemProps>; className?: string; showLabel: boolean };

/**
 * A tab group of one tab drawn as its panel alone: a tab list with one tab gives a screen reader an empty choice, and
 * agents that read tab panels take the nested panel for a second variant of the first.
 */
export default function SingleTab({ tab, className, showLabel }: Props): ReactNode {
  return (
    <div className={className}>
      {showLabel && tab.props.label ? <p className={styles.label}>{tab.props.label}</p> : null}
      {tab.props.children}
    </div>
  );
}
