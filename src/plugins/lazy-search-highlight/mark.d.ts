// mark.js ships its types for the package root only; LazyMark imports the ES2015 build by path.
declare module 'mark.js/dist/mark.es6.js' {
  const Mark: new (context: Element) => {
    mark(keywords: string | string[], options?: Record<string, unknown>): void;
    markRegExp(pattern: RegExp, options?: Record<string, unknown>): void;
    unmark(options?: Record<string, unknown>): void;
  };
  export default Mark;
}
