import React, { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import DocItem from '@theme/DocItem';
import { apiPages } from './apiPages';

type Props = ComponentProps<typeof DocItem>;

// Schema pages (if the generator is ever told to make them) keep the theme's ApiItem, loaded only for them.
const ApiSchemaPage = lazy(() => import(/* webpackChunkName: "api-schema-page" */ '@theme/ApiItem'));

export default function CatalystDocItem(props: Props): ReactNode {
  const frontMatter = props.content.frontMatter as Record<string, unknown>;
  const ApiOperationPage = apiPages.operation;
  if ('api' in frontMatter && ApiOperationPage) {
    // No lazy boundary: React would stream a large boundary's content after the footer and reveal it by
    // script after the first paint, and the page would jump (see apiPages).
    return <ApiOperationPage {...props} />;
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
