import React, { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import DocItem from '@theme/DocItem';

// The API reference's page components would ship with every Catalyst guide as the docs instance's item
// component, so they load only for the generated pages. SSG waits for them (streaming render), so the HTML
// is complete; in the browser React keeps that HTML until the chunk arrives. Operation pages use our own
// page, which leaves the request explorer out until the reader asks for it (see ApiOperationPage); schema
// pages, if the generator is ever told to make them, keep the theme's.
const ApiOperationPage = lazy(() => import(/* webpackChunkName: "api-operation-page" */ '@site/src/components/ApiOperationPage'));
const ApiItem = lazy(() => import(/* webpackChunkName: "api-schema-page" */ '@theme/ApiItem'));

type Props = ComponentProps<typeof DocItem>;

export default function CatalystDocItem(props: Props): ReactNode {
  const frontMatter = props.content.frontMatter as Record<string, unknown>;
  if ('api' in frontMatter) {
    return (
      <Suspense fallback={null}>
        <ApiOperationPage {...props} />
      </Suspense>
    );
  }
  if ('schema' in frontMatter) {
    return (
      <Suspense fallback={null}>
        <ApiItem {...(props as ComponentProps<typeof ApiItem>)} />
      </Suspense>
    );
  }
  return <DocItem {...props} />;
}
