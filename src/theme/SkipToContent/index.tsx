import React, { type ReactNode, type MouseEvent } from 'react';
import SkipToContent from '@theme-original/SkipToContent';

// The theme focuses <main> and drops its tabindex in the same tick, so Chromium moves focus back to <body>
// and screen readers announce nothing. Focus it again and keep it there until the reader moves on.
function keepFocusOnMain(event: MouseEvent<HTMLDivElement>): void {
  if (!(event.target instanceof HTMLAnchorElement)) return;
  const target =
    document.querySelector<HTMLElement>('main:first-of-type') ??
    document.getElementById('__docusaurus_skipToContent_fallback');
  if (!target) return;
  target.setAttribute('tabindex', '-1');
  target.focus();
  target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
}

export default function SkipToContentWrapper(): ReactNode {
  return (
    <div onClick={keepFocusOnMain} style={{ display: 'contents' }}>
      <SkipToContent />
    </div>
  );
}
