import React, { type ReactNode } from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import CopyPage from '@site/src/components/CopyPage';

// Breadcrumbs sit just above the title on every doc page, guides and API operations alike, so Copy page
// rides along with them.
export default function DocBreadcrumbsWithCopyPage(): ReactNode {
  return (
    <>
      <DocBreadcrumbs />
      <CopyPage />
    </>
  );
}
