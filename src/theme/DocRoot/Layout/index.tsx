import React, { useState, type ReactNode } from 'react';
import { useDocsSidebar } from '@docusaurus/plugin-content-docs/client';
import BackToTopButton from '@theme/BackToTopButton';
import DocRootLayoutSidebar from '@theme/DocRoot/Layout/Sidebar';
import DocRootLayoutMain from '@theme/DocRoot/Layout/Main';
import { PageActionsContext } from '@site/src/components/CopyPage';
import styles from './styles.module.css';

// The theme's layout with one change: <main> comes before the sidebar in the document, and CSS draws the sidebar
// on the left as before. A tool or reader that takes the page in document order (an AI agent converting the HTML,
// a screen reader reading on, a keyboard reader tabbing past the navbar) reaches the page's own words first
// instead of after every link of the section's navigation: on the CLI and component pages that list was more than
// half of the page. Its main part marks the page as a doc page, whose title is followed by the page actions
// (src/theme/Heading).
export default function DocRootLayout({ children }: { children: ReactNode }): ReactNode {
  const sidebar = useDocsSidebar();
  const [hiddenSidebarContainer, setHiddenSidebarContainer] = useState(false);
  return (
    <div className={styles.docsWrapper}>
      <BackToTopButton />
      <div className={styles.docRoot}>
        <DocRootLayoutMain hiddenSidebarContainer={hiddenSidebarContainer}>
          <PageActionsContext.Provider value={true}>{children}</PageActionsContext.Provider>
        </DocRootLayoutMain>
        {sidebar && (
          <DocRootLayoutSidebar
            sidebar={sidebar.items}
            hiddenSidebarContainer={hiddenSidebarContainer}
            setHiddenSidebarContainer={setHiddenSidebarContainer}
          />
        )}
      </div>
    </div>
  );
}
