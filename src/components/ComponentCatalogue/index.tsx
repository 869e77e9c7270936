import { Fragment, useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useHistory, useLocation } from '@docusaurus/router';
import { CATALOGUE_CAPTION, FEATURES, FEATURE_LABEL, featureLabels, type CatalogueRow } from './types';
import styles from './styles.module.css';

type AuthKind = { id: string; label: string };
type Props = { rows: CatalogueRow[]; authKinds: AuthKind[] };

const STATUSES = ['stable', 'beta', 'alpha'] as const;
/** The view a URL asks for. Values are the catalog's own words, so a shared link reads like the data. */
type Filters = { type: string; status: string; auth: string; hosted: boolean; features: string[]; q: string; sort: 'name' | 'status'; desc: boolean };

export function readFilters(search: string): Filters {
  const params = new URLSearchParams(search);
  const sort = params.get('sort') ?? '';
  return {
    type: params.get('type') ?? '',
    status: params.get('status') ?? '',
    auth: params.get('auth') ?? '',
    hosted: params.get('hosted') === 'yes',
    features: params.getAll('feature').flatMap((f) => f.split(',')).filter((f) => FEATURES.includes(f)),
    q: params.get('q') ?? '',
    sort: sort.replace(/^-/, '') === 'status' ? 'status' : 'name',
    desc: sort.startsWith('-'),
  };
}

function writeFilters(f: Filters): string {
  const params = new URLSearchParams();
  if (f.type) params.set('type', f.type);
  if (f.status) params.set('status', f.status);
  if (f.features.length) params.set('feature', f.features.join(','));
  if (f.auth) params.set('auth', f.auth);
  if (f.hosted) params.set('hosted', 'yes');
  if (f.q) params.set('q', f.q);
  if (f.sort !== 'name' || f.desc) params.set('sort', `${f.desc ? '-' : ''}${f.sort}`);
  const query = params.toString();
  return query ? `?${query}` : '';
}

function matches(row: CatalogueRow, f: Filters): boolean {
  const q = f.q.trim().toLowerCase();
  return (
    (!f.type || row.type === f.type) &&
    (!f.status || row.status === f.status) &&
    (!f.auth || row.auth.includes(f.auth)) &&
    (!f.hosted || row.hosted) &&
    f.features.every((feature) => row.features.includes(feature)) &&
    (!q || [row.title, row.component, row.description].some((text) => text.toLowerCase().includes(q)))
  );
}

const count = (rows: CatalogueRow[], f: Filters) => rows.filter((row) => matches(row, f)).length;

function sorted(rows: CatalogueRow[], f: Filters): CatalogueRow[] {
  const rank = (row: CatalogueRow) => (f.sort === 'status' ? STATUSES.indexOf(row.status) : 0);
  const order = rows.slice().sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title));
  return f.desc ? order.reverse() : order;
}

/**
 * The filterable table of every backend on the components reference's index. The build renders every row into the
 * HTML; after hydration the controls appear and the view follows the URL's query, so links, reloads and the back
 * button keep it.
 */
export default function ComponentCatalogue({ rows, authKinds }: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const location = useLocation();
  const history = useHistory();
  const id = useId();
  // Until hydration ends, render what the server rendered: the full table, no controls.
  const filters = useMemo(() => readFilters(isBrowser ? location.search : ''), [isBrowser, location.search]);
  const shown = useMemo(() => sorted(rows.filter((row) => matches(row, filters)), filters), [rows, filters]);
  const types = useMemo(() => [...new Map(rows.map((row) => [row.type, row.typeTitle])).entries()], [rows]);
  const authLabel = new Map(authKinds.map((kind) => [kind.id, kind.label]));

  const tableBox = useRef<HTMLDivElement>(null);
  const refocus = useRef<{ element: Element | null; scrollY: number } | null>(null);

  // Docusaurus moves focus to its skip link after every pushed navigation, even one that only changes the query.
  // A filter change is not a new page, so put the reader back on the control they used (or on the table, when
  // that control has gone, like the empty state's reset button) and where they had scrolled to.
  useEffect(() => {
    const saved = refocus.current;
    refocus.current = null;
    if (!saved) return;
    window.scrollTo(window.scrollX, saved.scrollY);
    const target = saved.element instanceof HTMLElement && saved.element.isConnected ? saved.element : tableBox.current;
    target?.focus({ preventScroll: true });
  }, [location.search]);

  // Typing replaces the history entry, so back steps over whole filter changes rather than keystrokes.
  const update = (change: Partial<Filters>, replace = false) => {
    const next = { pathname: location.pathname, search: writeFilters({ ...filters, ...change }), hash: location.hash };
    if (replace) history.replace(next);
    else {
      refocus.current = { element: document.activeElement, scrollY: window.scrollY };
      history.push(next);
    }
  };
  const reset = () => update({ type: '', status: '', auth: '', hosted: false, features: [], q: '' });
  const option = (value: string, label: string, change: Partial<Filters>) => (
    <option key={value} value={value}>
      {label} ({count(rows, { ...filters, ...change })})
    </option>
  );
  // A labelled select for one filter; each option shows how many rows it would leave.
  const select = (key: 'type' | 'status' | 'auth', label: string, choices: [string, string][]) => (
    <div className={styles.field}>
      <label htmlFor={`${id}${key}`}>{label}</label>
      <select id={`${id}${key}`} value={filters[key]} onChange={(event) => update({ [key]: event.target.value })}>
        {choices.map(([value, title]) => option(value, title, { [key]: value }))}
      </select>
    </div>
  );
  const sortButton = (key: Filters['sort'], label: string) => {
    const active = filters.sort === key;
    return (
      <th scope="col" aria-sort={active ? (filters.desc ? 'descending' : 'ascending') : 'none'}>
        {isBrowser ? (
          <button type="button" className={styles.sort} onClick={() => update({ sort: key, desc: active && !filters.desc })}>
            {label}
            <span aria-hidden="true">{active ? (filters.desc ? ' ▼' : ' ▲') : ' ↕'}</span>
          </button>
        ) : (
          label
        )}
      </th>
    );
  };

  return (
    <div className={styles.catalogue}>
      {isBrowser && (
        // Not a <form>: the table filters as the reader types or ticks, so there is nothing to submit (a form without a
        // submit button fails WCAG technique H32), and Enter has nothing to send.
        <div className={styles.controls} role="search" aria-label="Filter backends">
          <div className={`${styles.field} ${styles.search}`}>
            <label htmlFor={`${id}q`}>Search</label>
            <input id={`${id}q`} type="search" value={filters.q} placeholder="Name, type or description" onChange={(event) => update({ q: event.target.value }, true)} />
          </div>
          {select('type', 'Type', [['', 'Any type'], ...types])}
          {select('status', 'Status', [['', 'Any status'], ...STATUSES.map((status): [string, string] => [status, status])])}
          {select('auth', 'Authentication', [['', 'Any'], ...authKinds.map((kind): [string, string] => [kind.id, kind.label])])}
          <fieldset className={styles.features}>
            <legend>Features</legend>
            {FEATURES.map((feature) => {
              const on = filters.features.includes(feature);
              const features = on ? filters.features.filter((f) => f !== feature) : [...filters.features, feature];
              return (
                <label key={feature} className={styles.check}>
                  <input type="checkbox" name="feature" value={feature} checked={on} onChange={() => update({ features: FEATURES.filter((f) => features.includes(f)) })} />
                  {FEATURE_LABEL[feature]} ({count(rows, { ...filters, features: [...filters.features, feature] })})
                </label>
              );
            })}
            <label className={styles.check}>
              <input type="checkbox" name="hosted" checked={filters.hosted} onChange={() => update({ hosted: !filters.hosted })} />
              Usable from hosted Catalyst ({count(rows, { ...filters, hosted: true })})
            </label>
          </fieldset>
          <p className={styles.summary} aria-live="polite" role="status">
            {shown.length} {shown.length === 1 ? 'backend' : 'backends'}
          </p>
          <button type="button" className="button button--sm button--secondary" onClick={reset}>
            Reset filters
          </button>
        </div>
      )}
      <div ref={tableBox} className={styles.scroll} tabIndex={0} role="region" aria-labelledby={`${id}caption`}>
        <table className={styles.table}>
          <caption id={`${id}caption`} className="visually-hidden">
            {CATALOGUE_CAPTION}
          </caption>
          <thead>
            <tr>
              {sortButton('name', 'Backend')}
              {sortButton('status', 'Status')}
              <th scope="col">Component type</th>
              <th scope="col">Features</th>
              <th scope="col">Authentication</th>
              <th scope="col">Hosted Catalyst</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.component}>
                <th scope="row">
                  <Link to={row.href}>{row.title}</Link>{' '}
                  <span className={styles.typeTitle}>{row.typeTitle}</span>
                </th>
                <td>
                  <span className={styles[row.status]}>{row.status}</span>
                </td>
                <td>
                  <code>{row.component}</code>
                </td>
                <td>
                  {/* The hidden separators make the cell read as a list ("Input binding, Output binding; Operations: …")
                      to screen readers and in the page's text, as the twin writes it (featuresText). */}
                  {featureLabels(row).map((label, i) => (
                    <Fragment key={label}>
                      {i > 0 && <span className="visually-hidden">, </span>}
                      <span className={styles.chip}>{label}</span>
                    </Fragment>
                  ))}
                  {row.operations.length > 0 && (
                    <>
                      {row.features.length > 0 && <span className="visually-hidden">; </span>}
                      <span className={styles.operations}>Operations: {row.operations.join(', ')}</span>
                    </>
                  )}
                  {row.features.length + row.operations.length === 0 && '–'}
                </td>
                <td>{row.auth.map((a) => authLabel.get(a) ?? a).join(', ') || '–'}</td>
                <td>{row.hosted ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length === 0 && (
        <p className={styles.empty}>
          No backends match.{' '}
          <button type="button" className="button button--sm button--primary" onClick={reset}>
            Show all backends
          </button>
        </p>
      )}
    </div>
  );
}
