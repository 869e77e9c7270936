/**
 * The one table the four documentation sections come from. The site config (docs instances, navbar, search
 * contexts), the home page cards and the not-found page all read it, so adding a section is adding a row.
 */
export type Section = {
  /** Docs plugin id; the default instance keeps Docusaurus' reserved id. */
  id: string;
  /** Content folder, relative to the repository root. */
  folder: string;
  /** URL segment the section is served under. */
  routeBasePath: string;
  /** Sidebar file for the section. */
  sidebarPath: string;
  /** Product name as readers know it; also the search-context label. */
  label: string;
  /** Navbar and card label. */
  navLabel: string;
  /** The doc a section link opens (its landing page). */
  landingDocId: string;
  /** One line saying what the offering does, for cards and the not-found page. */
  pitch: string;
  /** Where a new reader should go first, relative to the site root. */
  startHere: { label: string; to: string };
};

export const sections: readonly Section[] = [
  {
    id: 'catalyst',
    folder: 'catalyst',
    routeBasePath: 'catalyst',
    sidebarPath: './catalyst/sidebars.ts',
    label: 'Catalyst',
    navLabel: 'Catalyst',
    landingDocId: 'index',
    pitch:
      'Call the Dapr APIs for state, pub/sub, service invocation, bindings, workflows, jobs and conversation on hosted endpoints, with no sidecar to run.',
    startHere: { label: 'Make your first API call', to: '/catalyst/getting-started/first-api-call' },
  },
  {
    id: 'default',
    folder: 'docs',
    routeBasePath: 'conductor',
    sidebarPath: './sidebars.ts',
    label: 'Conductor',
    navLabel: 'Conductor',
    landingDocId: 'overview/about',
    pitch:
      'Install, upgrade and watch Dapr on your Kubernetes clusters, with insights, an advisor, notifications and a CLI.',
    startHere: { label: 'Read about Conductor', to: '/conductor/' },
  },
  {
    id: 'enterprise-dapr',
    folder: 'enterprise-dapr',
    routeBasePath: 'enterprise-dapr',
    sidebarPath: './enterprise-dapr/sidebars.ts',
    label: 'Enterprise Dapr',
    navLabel: 'Enterprise Dapr',
    landingDocId: 'index',
    pitch:
      'Run D3E, a hardened distribution of open-source Dapr with multi-tenancy, narrower permissions and backported fixes.',
    startHere: { label: 'Read the D3E overview', to: '/enterprise-dapr/' },
  },
  {
    id: 'workflow-composer',
    folder: 'workflow-composer',
    routeBasePath: 'workflow-composer',
    sidebarPath: './workflow-composer/sidebars.ts',
    label: 'Workflow Composer',
    navLabel: 'Workflow Composer',
    landingDocId: 'index',
    pitch: 'Turn a workflow diagram into a runnable Dapr Workflow project in the SDK language of your choice.',
    startHere: { label: 'See how it works', to: '/workflow-composer/' },
  },
];

/** Absolute URL path of a section's landing page, always with the trailing slash of an index route. */
export function landingPath(section: Section): string {
  return `/${section.routeBasePath}/`;
}
