/** One backend in the catalogue on the components reference's index page: the facts its filters and columns need. */
export type CatalogueRow = {
  component: string;
  title: string;
  type: string;
  typeTitle: string;
  status: 'stable' | 'beta' | 'alpha';
  href: string;
  /** Our description, for the text search only. */
  description: string;
  /** Catalog capabilities, plus `input` and `output` for bindings. */
  features: string[];
  operations: string[];
  /** Keys of AUTH_KINDS. */
  auth: string[];
  hosted: boolean;
};

/** The features a row can show, in the order the table lists them. */
export const FEATURES = ['crud', 'transactional', 'etag', 'ttl', 'query', 'actorStateStore', 'input', 'output'];

export const FEATURE_LABEL: Record<string, string> = {
  crud: 'CRUD',
  transactional: 'Transactions',
  etag: 'ETag',
  ttl: 'TTL',
  query: 'Query',
  actorStateStore: 'Workflow/actor store',
  input: 'Input binding',
  output: 'Output binding',
};

/** The table's caption, on the page and above the table in the page's Markdown twin. */
export const CATALOGUE_CAPTION = 'Dapr components by type, status, features and authentication';

/** A row's feature labels, in table order. */
export function featureLabels(row: Pick<CatalogueRow, 'features'>): string[] {
  return FEATURES.filter((f) => row.features.includes(f)).map((f) => FEATURE_LABEL[f]);
}

/** The Features cell as text: "Input binding, Output binding; Operations: create, get" (the page and the twin). */
export function featuresText(row: Pick<CatalogueRow, 'features' | 'operations'>): string {
  const operations = row.operations.length > 0 ? `Operations: ${row.operations.join(', ')}` : '';
  return [featureLabels(row).join(', '), operations].filter(Boolean).join('; ');
}
