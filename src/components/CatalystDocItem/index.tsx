import React, { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import DocItem from '@theme/DocItem';

// The OpenAPI theme's page component pulls in the request explorer, its Redux store and the code-sample
// generator. As the docs instance's item component it would ship all that with every Catalyst guide, so it
// is loaded only for the generated operation pages. SSG waits for it (streaming render), so their HTML is
// complete; in the browser React keeps that HTML until the chunk arrives.
const ApiItem = lazy(() => import('@theme/ApiItem'));

type Props = ComponentProps<typeof DocItem>;

function isApiOperation(frontMatter: Record<string, unknown>): boolean {
  return 'api' in frontMatter || 'schema' in frontMatter;
}

export default function CatalystDocItem(props: Props): ReactNode {
  if (!isApiOperation(props.content.frontMatter as Record<string, unknown>)) {
    return <DocItem {...props} />;
  }
  return (
    <Suspense fallback={null}>
      <ApiItem {...(props as ComponentProps<typeof ApiItem>)} />
    </Suspense>
  );
}
