import React, { type ReactNode } from 'react';
// What only the API reference needs, imported by a component every operation page renders (and ApiLogo for
// the API's landing page) instead of by every page of the site: the OpenAPI theme's stylesheet, whose CSS
// chunk is then linked from those pages' HTML only (the api-styles chunk of src/plugins/route-stylesheets), and
// the labels of its tab-scroll buttons.
import 'docusaurus-theme-openapi-docs/lib/theme/styles.scss';
import '@site/src/apiExplorer/tabArrowLabels';
// Registers the operation page component for CatalystDocItem (see src/components/CatalystDocItem/apiPages.ts).
import '@site/src/components/ApiOperationPage';

type Props = { method: string; path: string; context?: string };

const BADGE: Record<string, string> = {
  get: 'primary',
  post: 'success',
  delete: 'danger',
  put: 'info',
  patch: 'warning',
  head: 'secondary',
  event: 'secondary',
};

/**
 * The method and path under the title. The theme's own component adds the full server URL once the request
 * panel's store exists, which made the box taller (and the page below it move) when a reader opened the panel;
 * this renders the same method and path in both states. The panel shows the server URL as its Base URL.
 * The box is a <div> drawn like the theme's <pre> (src/css/custom.css): a <pre> may not hold the path's <h2>.
 */
export default function MethodEndpoint({ method, path }: Props): ReactNode {
  return (
    <>
      <div className="openapi__method-endpoint">
        <span className={`badge badge--${BADGE[method.toLowerCase()] ?? 'secondary'}`}>
          {method === 'event' ? 'Webhook' : method.toUpperCase()}
        </span>{' '}
        {method !== 'event' && <h2 className="openapi__method-endpoint-path">{path.replace(/{([a-z0-9-_]+)}/gi, ':$1')}</h2>}
      </div>
      <div className="openapi__divider" />
    </>
  );
}
