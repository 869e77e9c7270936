// The OpenAPI theme ships no type declarations for its theme components; this is the one the site uses.
declare module '@theme/ApiItem' {
  import type { ComponentType } from 'react';
  import type { Props } from '@theme/DocItem';

  const ApiItem: ComponentType<Props>;
  export default ApiItem;
}
