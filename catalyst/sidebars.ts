import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
// Generated from openapi/catalyst.yaml by `docusaurus gen-api-docs` before every build.
import apiSidebar from './api/sidebar';
// Generated from cli/catalyst/*.yaml by scripts/gen-cli-docs.ts before every build.
import cliSidebar from './references/cli-reference/sidebar';
// Generated from components/ by scripts/gen-components-docs.ts before every build.
import componentsSidebar from './references/components-reference/sidebar';

// The order a newcomer needs: welcome, first call, quickstarts, concepts, APIs, how-to guides, tutorials,
// organization, references, support and release notes.
const sidebars: SidebarsConfig = {
  catalyst: [
    { type: 'doc', id: 'index', label: 'Welcome' },
    {
      type: 'category',
      label: 'Getting started',
      items: ['getting-started/first-api-call'],
    },
    {
      type: 'category',
      label: 'Quickstarts',
      link: { type: 'doc', id: 'quickstarts/index' },
      items: ['quickstarts/state', 'quickstarts/pubsub', 'quickstarts/invocation', 'quickstarts/workflow'],
    },
    {
      type: 'category',
      label: 'Concepts',
      items: [
        'concepts/appids',
        'concepts/components',
        'concepts/components-authentication',
        {
          type: 'category',
          label: 'Diagrid services',
          link: { type: 'doc', id: 'concepts/diagrid-services/index' },
          items: ['concepts/diagrid-services/kv-store', 'concepts/diagrid-services/pubsub'],
        },
        'dapr-compatibility',
      ],
    },
    {
      type: 'category',
      label: 'APIs',
      items: [
        'catalyst-apis/state',
        'catalyst-apis/pubsub',
        'catalyst-apis/invocation',
        'catalyst-apis/bindings',
        'catalyst-apis/workflow',
      ],
    },
    {
      type: 'category',
      label: 'How-to guides',
      items: [
        'how-to-guides/connect-from-sdks',
        'how-to-guides/connect-to-external-infrastructure',
        'how-to-guides/develop-locally',
        'how-to-guides/test-apis-directly',
      ],
    },
    {
      type: 'category',
      label: 'Tutorials',
      items: ['tutorials/aws', 'tutorials/azure'],
    },
    {
      type: 'category',
      label: 'Organization',
      items: ['organization/overview', 'organization/apikeys', 'organization/user-management'],
    },
    {
      type: 'category',
      label: 'References',
      items: [
        {
          type: 'category',
          label: 'API reference',
          link: { type: 'doc', id: 'api/catalyst-apis' },
          // The info page is the category's own link; list only the tag groups under it.
          items: apiSidebar.slice(1),
        },
        {
          type: 'category',
          label: 'CLI reference',
          link: { type: 'doc', id: 'references/cli-reference/index' },
          items: cliSidebar,
        },
        {
          type: 'category',
          label: 'Components reference',
          link: { type: 'doc', id: 'references/components-reference/index' },
          items: componentsSidebar,
        },
      ],
    },
    'support',
    'release-notes',
  ],
};

export default sidebars;
