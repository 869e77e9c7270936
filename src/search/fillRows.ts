/**
 * The search bar's rows drawn before their sections' text is in (src/search/searchWorker.ts), completed in place when
 * it comes: each row element keeps its id, its place and the cursor on it (the keyboard's selection), where drawing
 * the list again would replace every row and drop the cursor. Main thread, in every page's bundle: kept small.
 */

/** The rows of a list as drawn: the option elements, and the objects the list keeps as their data (the same objects). */
export type DrawnRows<Row> = { elements: Element[]; rows: Row[] };

/** The option elements of the listbox the search box `input` controls (its `aria-controls`). */
function options(input: HTMLInputElement | null): Element[] {
  const listbox = input && document.getElementById(input.getAttribute('aria-controls') ?? '');
  return Array.from(listbox?.querySelectorAll('[role="option"]') ?? []);
}

/**
 * Draws `rows` (`draw`: the list's callback) and returns the option elements drawn for them, or undefined if the
 * list did not draw them. The list draws only its current query's rows and drops a query's answer that comes after the
 * next keystroke; the elements then on screen are another query's, and filling them with these rows' text would show
 * the older query's list as the newer one's. Every drawing replaces all the option elements, so new ones tell.
 * The listbox is marked `aria-busy` until `fillRows` completes it: assistive technology waits to read a list still
 * being filled in, and so can a test.
 */
export function drawRows<Row>(input: HTMLInputElement | null, rows: Row[], draw: () => void): DrawnRows<Row> | undefined {
  const before = options(input)[0];
  draw();
  const elements = options(input);
  if (rows.length === 0 || elements.length !== rows.length || elements[0] === before) return undefined;
  elements[0].parentElement?.setAttribute('aria-busy', 'true');
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

/** The queries being answered (`askOnce`). */
const asking = new Set<string>();

/**
 * Runs `ask`, the search box's source answering `input`, unless an answer to the same input is under way: as it
 * opens, the search box asks for the typed query twice (autocomplete.js's open(), then its focus handler), and both
 * answers drew the same rows, the second replacing the first's elements before the list's first frame (on the phone
 * profile 20-50 ms more before the first rows were seen). The first answer draws the list and fills it in; a later
 * ask for the same input, once it is done, runs as before.
 */
export async function askOnce(input: string, ask: () => Promise<void>): Promise<void> {
  if (asking.has(input)) return;
  asking.add(input);
  try {
    await ask();
  } finally {
    asking.delete(input);
  }
}
