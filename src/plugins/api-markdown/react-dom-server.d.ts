// react-dom ships no type declarations and this site installs no @types/react-dom for one function.
declare module 'react-dom/server' {
  import type { ReactNode } from 'react';
  export function renderToStaticMarkup(node: ReactNode): string;
}
