import React, { useState, type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import { DocProvider } from '@docusaurus/plugin-content-docs/client';
import { HtmlClassNameProvider } from '@docusaurus/theme-common';
import type DocItem from '@theme/DocItem';
import Metadata from '@theme/DocItem/Metadata';
import Layout from '@theme/ApiItem/Layout';
import { SchemaExpansionProvider } from '@theme/SchemaExpansion';
import { Provider } from 'react-redux';
import ApiRequestPanel from '@site/src/components/ApiRequestPanel';
import { apiPages } from '@site/src/components/CatalystDocItem/apiPages';
import { createReferenceStore, operationFromFrontMatter, type ApiStore } from './referenceStore';

type Props = ComponentProps<typeof DocItem>;

/**
 * One generated API operation page: the theme's layout and reference (parameters, body schema, responses,
 * samples) rendered as HTML, with the request explorer in the right column loaded only when the reader asks
 * for it (see ApiRequestPanel). The theme's own ApiItem would load the explorer and its store up front.
 */
export default function ApiOperationPage({ content }: Props): ReactNode {
  const MDXContent = content;
  const frontMatter = content.frontMatter as Record<string, unknown>;
  const [operation] = useState(() => operationFromFrontMatter(frontMatter.api));
  // The reference's media-type and schema tabs read and set this store; the explorer replaces it with its
  // full store, seeded from it, so a tab chosen before opening the panel carries over.
  const [store, setStore] = useState<ApiStore>(() => createReferenceStore(operation));
  return (
    <DocProvider content={content}>
      <HtmlClassNameProvider className={`docs-doc-id-${content.metadata.id}`}>
        <Metadata />
        <Layout>
          <Provider store={store}>
            <SchemaExpansionProvider>
              <div className={clsx('row', 'theme-api-markdown')}>
                <div className="col col--7 openapi-left-panel__container">
                  <MDXContent />
                </div>
                <div className="col col--5 openapi-right-panel__container">
                  <ApiRequestPanel
                    operation={operation}
                    infoPath={frontMatter.info_path as string | undefined}
                    referenceStore={store}
                    onStoreReady={setStore}
                  />
                </div>
              </div>
            </SchemaExpansionProvider>
          </Provider>
        </Layout>
      </HtmlClassNameProvider>
    </DocProvider>
  );
}

apiPages.operation = ApiOperationPage;
