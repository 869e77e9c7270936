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
