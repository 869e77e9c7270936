import React, { useRef, useState, type ComponentType, type ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import type { ApiStore, Operation } from '@site/src/components/ApiOperationPage/referenceStore';
import styles from './styles.module.css';

type Props = {
  operation: Operation | undefined;
  infoPath: string | undefined;
  referenceStore: ApiStore;
  onStoreReady: (store: ApiStore) => void;
};

type CodeSample = { lang: string; label?: string; source: string };
type LanguageTab = { language: string; highlight: string; codeSampleLanguage?: string };

/** The operation's hand-written SDK samples, as HTML from the build; the explorer's own tabs replace them. */
function SdkSamples({ samples, languageTabs }: { samples: CodeSample[]; languageTabs: LanguageTab[] }): ReactNode {
  if (!samples.length) return null;
  return (
    <section aria-label="SDK samples" className={styles.samples}>
      <Tabs groupId="code-samples" lazy={false}>
        {samples.map((sample) => {
          const tab = languageTabs.find((t) => t.codeSampleLanguage === sample.lang);
          return (
            <TabItem key={sample.lang} value={sample.lang} label={tab?.language ?? sample.lang}>
              <CodeBlock language={tab?.highlight ?? sample.lang}>{sample.source}</CodeBlock>
            </TabItem>
          );
        })}
      </Tabs>
    </section>
  );
}

type ExplorerProps = { item: Operation; infoPath?: string };
type State = { phase: 'closed' | 'loading' } | { phase: 'failed' } | { phase: 'open'; Explorer: ComponentType<ExplorerProps> };

/**
 * The right column of an API operation page. The request explorer (server, auth, body editor, Send, response)
 * with its store and request builder is a large download that most readers never use, so the column holds a
 * button of fixed size and the explorer loads when the reader presses it. The column's height is reserved in
 * CSS, so neither the button nor the loaded explorer moves anything above it.
 */
export default function ApiRequestPanel({ operation, infoPath, referenceStore, onStoreReady }: Props): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const [state, setState] = useState<State>({ phase: 'closed' });
  const region = useRef<HTMLDivElement>(null);

  async function open(): Promise<void> {
    if (!operation) return;
    setState({ phase: 'loading' });
    try {
      const explorer = await import(/* webpackChunkName: "api-request-explorer" */ './explorer');
      const apiOptions = (siteConfig.themeConfig as { api?: Record<string, unknown> }).api ?? {};
      onStoreReady(explorer.createExplorerStore(operation, referenceStore.getState() as Operation, apiOptions));
      setState({ phase: 'open', Explorer: explorer.default });
      // The button the reader pressed is gone; keep their place at the start of the panel that replaced it.
      requestAnimationFrame(() => region.current?.focus());
    } catch {
      setState({ phase: 'failed' });
    }
  }

  if (state.phase === 'open' && operation) {
    const { Explorer } = state;
    return (
      <div ref={region} tabIndex={-1} className={styles.panel} aria-label="Send a request">
        <Explorer item={operation} infoPath={infoPath} />
      </div>
    );
  }
  const themeConfig = siteConfig.themeConfig as { languageTabs?: LanguageTab[] };
  return (
    <div className={styles.panel}>
      <SdkSamples samples={(operation?.['x-codeSamples'] ?? []) as CodeSample[]} languageTabs={themeConfig.languageTabs ?? []} />
      <div className={styles.placeholder}>
        <p className={styles.lead}>
          Fill in the parameters and your API token, send this request from your browser and see the response and
          the matching curl command.
        </p>
        <button
          type="button"
          className="button button--primary button--lg"
          onClick={open}
          disabled={!operation || state.phase === 'loading'}
          aria-busy={state.phase === 'loading'}
        >
          {state.phase === 'loading' ? 'Loading the request form…' : 'Try it: send a request'}
        </button>
        {state.phase === 'failed' && (
          <p role="alert" className={styles.error}>
            The request form could not be loaded. Check your connection and reload the page.
          </p>
        )}
      </div>
    </div>
  );
}
