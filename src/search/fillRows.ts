/**
 * The search bar's rows drawn before their sections' text is in (src/search/searchWorker.ts), completed in place when
 * it comes: each row element keeps its id, its place and the cursor on it (the keyboard's selection), where drawing
 * the list again would replace every row and drop the cursor. Main thread, in every page's bundle: kept small.
 */

/** The rows of a list as drawn: the option elements, and the objects the list keeps as their data (the same objects). */
export type DrawnRows<Row> = { elements: Element[]; rows: Row[] };

/**
 * The option elements of the listbox the search box `input` controls (its `aria-controls`), as just drawn for `rows`;
 * undefined if the list does not show them (a later query's list, or none). The listbox is marked `aria-busy` until
 * `fillRows` completes it: assistive technology waits to read a list still being filled in, and so can a test.
 */
export function drawnRows<Row>(input: HTMLInputElement | null, rows: Row[]): DrawnRows<Row> | undefined {
  const listbox = input && document.getElementById(input.getAttribute('aria-controls') ?? '');
  const elements = Array.from(listbox?.querySelectorAll('[role="option"]') ?? []);
  if (!listbox || elements.length !== rows.length || rows.length === 0) return undefined;
  listbox.setAttribute('aria-busy', 'true');
  return { elements, rows };
}

/**
 * Completes drawn rows with the same query's complete rows: each row's data takes the complete row's fields (what
 * choosing it opens) and its element the complete row's HTML (`template`). False when the list is no longer the one
 * drawn (a later query's) or the rows differ in number: then the caller draws the list anew.
 */
export function fillRows<Row extends object>(drawn: DrawnRows<Row> | undefined, complete: Row[], template: (row: Row) => string): boolean {
  if (!drawn || drawn.rows.length !== complete.length || !drawn.elements.every((element) => element.isConnected)) return false;
  complete.forEach((row, k) => {
    Object.assign(drawn.rows[k], row);
    drawn.elements[k].innerHTML = template(row);
  });
  drawn.elements[0].parentElement?.removeAttribute('aria-busy');
  return true;
}
