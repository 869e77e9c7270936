// The OpenAPI theme ships no type declarations for its theme components; this is the one the site uses.
declare module '@theme/ApiItem' {
  import type { ComponentType } from 'react';
  import type { Props } from '@theme/DocItem';

  const ApiItem: ComponentType<Props>;
  export default ApiItem;
}

// The pieces of the theme that the operation page (src/components/ApiOperationPage) and the request panel
// (src/components/ApiRequestPanel) assemble themselves; typed loosely, as the theme is untyped JavaScript.
declare module '@theme/ApiItem/Layout' {
  import type { ComponentType, ReactNode } from 'react';
  const Layout: ComponentType<{ children?: ReactNode }>;
  export default Layout;
}
declare module '@theme/SchemaExpansion' {
  import type { ComponentType, ReactNode } from 'react';
  export const SchemaExpansionProvider: ComponentType<{ children?: ReactNode }>;
}
declare module '@theme/ApiExplorer' {
  import type { ComponentType } from 'react';
  const ApiExplorer: ComponentType<{ item: Record<string, unknown>; infoPath?: string }>;
  export default ApiExplorer;
}
declare module '@theme/ApiExplorer/*/slice' {
  import type { Reducer } from '@reduxjs/toolkit';
  const reducer: Reducer;
  export default reducer;
  export function createAuth(input: Record<string, unknown>): unknown;
}
declare module '@theme/ApiExplorer/persistenceMiddleware' {
  import type { Middleware } from '@reduxjs/toolkit';
  export function createPersistenceMiddleware(options: Record<string, unknown>): Middleware;
}
declare module '@theme/ApiExplorer/storage-utils' {
  export function createStorage(persistence: string): Storage;
}
declare module '@theme/ApiItem/store' {
  import type { Middleware } from '@reduxjs/toolkit';
  export function createStoreWithState(state: Record<string, unknown>, middlewares: Middleware[]): unknown;
}
declare module '@theme-original/ApiLogo' {
  import type { ComponentType } from 'react';
  const ApiLogo: ComponentType<Record<string, unknown>>;
  export default ApiLogo;
}
declare module '*.scss';
