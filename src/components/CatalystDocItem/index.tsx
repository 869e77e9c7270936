import React, { lazy, startTransition, Suspense, useEffect, useState, type ComponentProps, type ReactNode } from 'react';
// The context @docusaurus/useIsBrowser reads; Docusaurus exports no other handle on it.
import { Context as BrowserContext } from '@docusaurus/core/lib/client/browserContext';
import DocItem from '@theme/DocItem';
import { apiPages } from './apiPages';

type Props = ComponentProps<typeof DocItem>;

// Schema pages (if the generator is ever told to make them) keep the theme's ApiItem, loaded only for them.
const ApiSchemaPage = lazy(() => import(/* webpackChunkName: "api-schema-page" */ '@theme/ApiItem'));

/**
 * The OpenAPI theme's tab sets (media types, schemas, responses, examples) are keyed on Docusaurus's is-browser
 * flag, so they mount again, with everything in them, when it turns true after hydration; a plain update does all
 * of that in one task (~100 ms here, ~400 ms under a phone's CPU). Below this provider the flag turns true in a
 * transition, which React renders in slices that yield to the reader. Only here: site-wide, the search page lost the query of its URL (its plugin reads the
 * URL only once the flag is true, and an effect rewrites the URL before that).
 */
function BrowserFlagInTransition({ children }: { children: ReactNode }): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => {
    startTransition(() => setIsBrowser(true));
  }, []);
  return <BrowserContext.Provider value={isBrowser}>{children}</BrowserContext.Provider>;
}

export default function CatalystDocItem(props: Props): ReactNode {
  const frontMatter = props.content.frontMatter as Record<string, unknown>;
  const ApiOperationPage = apiPages.operation;
  if ('api' in frontMatter && ApiOperationPage) {
    // No lazy boundary: React would stream a large boundary's content after the footer and reveal it by
    // script after the first paint, and the page would jump (see apiPages).
    return (
      <BrowserFlagInTransition>
        <ApiOperationPage {...props} />
      </BrowserFlagInTransition>
    );
  }
  if ('schema' in frontMatter) {
    return (
      <Suspense fallback={null}>
        <ApiSchemaPage {...(props as ComponentProps<typeof ApiSchemaPage>)} />
      </Suspense>
    );
  }
  return <DocItem {...props} />;
}
