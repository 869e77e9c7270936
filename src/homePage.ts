// What the home page says, in one place: the page draws it, and the Markdown twins plugin writes the home page's
// twin from it, so an agent reading /index.md reads what a person reads on /.

/** The hero: what the site covers, and the most common way in. */
export const HOME_HERO = {
  title: 'Build on Dapr, run it anywhere',
  lead:
    'Guides and API reference for the hosted Dapr APIs of Catalyst, Dapr cluster management with Conductor, the ' +
    'enterprise Dapr distribution and the Workflow Composer.',
  firstCall: { label: 'Make your first API call', to: '/catalyst/getting-started/first-api-call' },
};

export const PRODUCTS_HEADING = 'Choose your product';
export const POPULAR_HEADING = 'Popular starting points';

/** The pages most readers start from, each with why. */
export const POPULAR: { to: string; label: string; why: string }[] = [
  {
    to: '/catalyst/getting-started/first-api-call',
    label: 'First Catalyst API call',
    why: 'Log in, create an App ID and save state with one curl command.',
  },
  {
    to: '/catalyst/quickstarts/',
    label: 'Catalyst quickstarts',
    why: 'State, pub/sub, service invocation and workflow in five SDK languages.',
  },
  {
    to: '/catalyst/api/catalyst-apis',
    label: 'Catalyst API reference',
    why: 'Every Dapr HTTP operation Catalyst serves, with a request you can send.',
  },
  {
    to: '/conductor/',
    label: 'Conductor for your clusters',
    why: 'Connect a Kubernetes cluster and let Conductor manage Dapr on it.',
  },
];
