/**
 * Assertions on the private shapes of Docusaurus and its plugins that our local plugins read (generated files,
 * route props, loaded content, theme files). Without them an upgrade that moves a shape makes a plugin silently do
 * nothing; with them the build stops with one line naming the plugin, what it expected, what it found and what to do.
 */

/** The error every shape assertion throws: `[<plugin>] expected <shape>, found <what>: <what to do>`. */
export class ShapeError extends Error {
  constructor(
    readonly plugin: string,
    readonly expected: string,
    readonly found: string,
    readonly fix: string,
  ) {
    super(`[${plugin}] expected ${expected}, found ${found}: ${fix}`);
    this.name = 'ShapeError';
  }
}

export type ShapeCheck = {
  /** The shape the plugin reads, as a reader of the dependency would find it (file, key, type). */
  expected: string;
  /** What is there instead; a function so that describing it costs nothing when the shape holds. */
  found: string | (() => string);
  /** What to do: where to look in the new version, which row of UPGRADING.md to revisit. */
  fix: string;
};

/** Throws a ShapeError naming `plugin` unless `ok`; `ok` narrows as a type assertion would. */
export function expectShape(plugin: string, ok: unknown, { expected, found, fix }: ShapeCheck): asserts ok {
  if (ok) return;
  throw new ShapeError(plugin, expected, typeof found === 'function' ? found() : found, fix);
}

/** A short description of a value for the "found" part: its type, and for an object its first keys. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `an array of ${value.length}${value.length ? ` (first: ${describe(value[0])})` : ''}`;
  if (typeof value === 'object') {
    const keys = Object.keys(value);
    const shown = keys.slice(0, 6).join(', ');
    return keys.length ? `an object with keys ${shown}${keys.length > 6 ? ', …' : ''}` : 'an empty object';
  }
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)}`;
  return `${typeof value} ${String(value)}`;
}

/** True for a plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
