import ApiLogo from '@theme-original/ApiLogo';
// The OpenAPI theme's stylesheet and tab-button labels for the API's landing page (see
// src/theme/ApiExplorer/MethodEndpoint).
import 'docusaurus-theme-openapi-docs/lib/theme/styles.scss';
import '@site/src/apiExplorer/tabArrowLabels';

export default ApiLogo;
