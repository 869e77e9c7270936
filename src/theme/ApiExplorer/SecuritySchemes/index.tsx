import React, { useLayoutEffect, useRef, type ReactNode } from 'react';
import SecuritySchemes from '@theme-original/ApiExplorer/SecuritySchemes';

// The theme titles the explorer's "Authorization" box with an <h4> that follows the page's <h1> directly,
// which breaks the heading outline for screen-reader users (axe: heading-order). Re-level it as the section
// heading it is; the element and its styling stay the theme's.
export default function SecuritySchemesWrapper(props: Record<string, unknown>): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    container.current
      ?.querySelectorAll('h4.openapi-security__summary-header')
      .forEach((heading) => heading.setAttribute('aria-level', '2'));
  });
  return (
    <div ref={container} style={{ display: 'contents' }}>
      <SecuritySchemes {...props} />
    </div>
  );
}
