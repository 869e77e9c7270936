// Stands in for mark.js in the search bar and search page, which build `new Mark(article)` on every navigation
// and call unmark() (and mark(terms) when the URL asks for highlights). The real library is fetched only when
// there is something to mark or unmark; calls run in order once it has loaded. Words are marked where words of the
// page start with them, as in the result list (src/search/highlight.ts), not wherever their letters occur.
import { termPattern } from '../../search/highlight';

type MarkOptions = Record<string, unknown>;
type MarkInstance = { markRegExp(pattern: RegExp, options?: MarkOptions): void; unmark(options?: MarkOptions): void };
type MarkClass = new (context: Element) => MarkInstance;

let library: Promise<MarkClass> | undefined;
const loadMark = () =>
  (library ??= import(/* webpackChunkName: "search-highlight" */ 'mark.js/dist/mark.es6.js').then((module) => module.default));

export default class LazyMark {
  constructor(private readonly context: Element) {}

  mark(keywords: string | string[], options?: MarkOptions): void {
    const pattern = termPattern([keywords].flat());
    if (!pattern) return;
    void loadMark().then((Mark) => new Mark(this.context).markRegExp(pattern, options));
  }

  unmark(options?: MarkOptions): void {
    // Nothing can have been marked before the library was first asked for.
    if (!library) return;
    void loadMark().then((Mark) => new Mark(this.context).unmark(options));
  }
}
