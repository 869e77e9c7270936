import React, { type ReactNode, useId } from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

type Props = { className?: string; autoFocus?: boolean };

/** A plain GET form to the search page: it works before hydration and without JavaScript. */
export default function SearchForm({ className, autoFocus }: Props): ReactNode {
  const id = useId();
  return (
    <form action="/search" method="get" role="search" className={clsx(styles.form, className)}>
      <label htmlFor={id} className={styles.label}>
        Search the documentation
      </label>
      <div className={styles.row}>
        <input
          id={id}
          name="q"
          type="search"
          className={styles.input}
          placeholder="e.g. save state, api token, workflow"
          autoComplete="off"
          autoFocus={autoFocus}
          maxLength={200}
        />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </div>
    </form>
  );
}
