import React, { createContext, useEffect, useRef, useState, type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import { useLocation } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { twinPath } from '@site/src/plugins/markdown-twins/twinPath';
import styles from './styles.module.css';

type Status = 'idle' | 'copied' | 'failed';

const MESSAGES: Record<Status, string> = {
  idle: '',
  copied: 'Page copied as Markdown',
  failed: 'Could not copy; open View as Markdown instead',
};

async function copyTwin(href: string): Promise<void> {
  const text = fetch(href).then((response) => {
    if (!response.ok) throw new Error(`${href}: ${response.status}`);
    return response.text();
  });
  // Safari only allows a clipboard write started inside the click, so hand it the pending text.
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    const blob = text.then((t) => new Blob([t], { type: 'text/plain' }));
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    return;
  }
  await navigator.clipboard.writeText(await text);
}

/** True inside a doc page's layout: its title (src/theme/Heading) is followed by the page actions. */
export const PageActionsContext = createContext(false);

/**
 * "Copy page" and "View as Markdown" for the page's Markdown twin, which it also advertises in the head, and the
 * site's llms.txt beside them: agents look for that link near the top of a page, not only in the footer.
 */
export default function CopyPage(): ReactNode {
  const href = twinPath(useLocation().pathname);
  const llmsTxt = useBaseUrl('/llms.txt');
  const [status, setStatus] = useState<Status>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onCopy(): Promise<void> {
    clearTimeout(timer.current);
    try {
      await copyTwin(href);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
    timer.current = setTimeout(() => setStatus('idle'), 4000);
  }

  return (
    <div className={styles.copyPage} data-markdown-ignore>
      <Head>
        <link rel="alternate" type="text/markdown" href={href} />
      </Head>
      <button type="button" className={`${styles.control} ${styles.copyButton}`} onClick={onCopy} aria-describedby="copy-page-status">
        {status === 'copied' ? 'Copied' : 'Copy page'}
      </button>
      <a className={styles.control} href={href} type="text/markdown" target="_blank" rel="noopener">
        View as Markdown
      </a>
      <a className={styles.control} href={llmsTxt} type="text/plain">
        llms.txt
      </a>
      {/* Read by screen readers; the button's own label already shows "Copied" to sighted readers. */}
      <span id="copy-page-status" className="visually-hidden" role="status" aria-live="polite">
        {MESSAGES[status]}
      </span>
    </div>
  );
}
