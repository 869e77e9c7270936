import MethodEndpoint from '@theme-original/ApiExplorer/MethodEndpoint';
// What only the API reference needs, imported by a component every operation page renders (and ApiLogo for
// the API's landing page) instead of by every page of the site: the OpenAPI theme's stylesheet, whose CSS
// chunk is then linked from those pages' HTML only (see the api-styles chunk in docusaurus.config.ts), and
// the labels of its tab-scroll buttons.
import 'docusaurus-theme-openapi-docs/lib/theme/styles.scss';
import '@site/src/apiExplorer/tabArrowLabels';
// Registers the operation page component for CatalystDocItem (see src/components/CatalystDocItem/apiPages.ts).
import '@site/src/components/ApiOperationPage';

export default MethodEndpoint;
