// Reads an SDK's public API surface from its source at a release tag: the modules (Python modules, Java packages,
// C# namespaces, Go import paths) and the names each exports, every public type with its bases, methods (with the
// parameter names a call may use by name, and the return type when it is an SDK type) and fields, the module-level
// functions, and every `DAPR_*` name the SDK reads from the environment. scripts/refresh-upstream-facts.ts writes it
// to upstream-facts/sdk-<language>-<version>.json; checks/sdk.ts compares the samples against it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export type SdkLanguage = 'python' | 'java' | 'dotnet' | 'go' | 'js';

/**
 * One way to call a method. `params`: the names a call may pass by name (Python keywords, C# named arguments), null
 * when any name is accepted (**kwargs), absent when the language has no named arguments (Java, Go). `returns`: the
 * return type, written with SDK types' full names (`Mono<io.dapr.client.domain.State<T>>`), when known.
 */
export type Signature = { params?: string[] | null; returns?: string };
export type SdkType = {
  kind: string;
  /** Full names of SDK bases; a base from outside the SDK keeps its name as written (`AutoCloseable`). */
  bases: string[];
  /** Method name → its overloads. `<init>`: the constructors. */
  methods: Record<string, Signature[]>;
  /** Fields, properties, enum members and nested types: names a member access or a keyed literal may use. */
  fields: string[];
};
/** Names a module exports → the full name of the type, function or module it stands for ('' for other values). */
export type SdkModule = { package?: string; names: Record<string, string> | null };
export type SdkSurface = {
  modules: Record<string, SdkModule>;
  types: Record<string, SdkType>;
  functions: Record<string, Signature[]>;
  envNames: string[];
};

// ---------------------------------------------------------------------------------------------------------------
// Masking: comments and string literals become spaces (same length, newlines kept), so the parsers and the sample
// check can match code with regular expressions without tripping over text.

type MaskLang = 'python' | 'java' | 'csharp' | 'go' | 'js';

export function maskCode(text: string, lang: MaskLang): string {
  const out = text.split('');
  const blank = (from: number, to: number, keepEnds = true) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n' && !(keepEnds && (i === from || i === to - 1))) out[i] = ' ';
  };
  let i = 0;
  const n = text.length;
  const lineComment = lang === 'python' ? '#' : '//';
  while (i < n) {
    const c = text[i];
    if (text.startsWith(lineComment, i)) {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      blank(i, stop, false);
      i = stop;
      continue;
    }
    if (lang !== 'python' && text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      blank(i, stop, false);
      i = stop;
      continue;
    }
    if (lang === 'python' && /['"]/.test(c)) {
      const triple = text.startsWith(c.repeat(3), i);
      const quote = triple ? c.repeat(3) : c;
      let j = i + quote.length;
      while (j < n && !text.startsWith(quote, j)) {
        if (text[j] === '\\') j++;
        else if (!triple && text[j] === '\n') break;
        j++;
      }
      const stop = Math.min(n, j + quote.length);
      blank(i, stop);
      i = stop;
      continue;
    }
    if (lang === 'go' && c === '`') {
      const end = text.indexOf('`', i + 1);
      const stop = end < 0 ? n : end + 1;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (c === '"' && (lang === 'java' || lang === 'csharp') && text.startsWith('"""', i)) {
      let q = 3;
      while (text[i + q] === '"') q++;
      const end = text.indexOf('"'.repeat(q), i + q);
      const stop = end < 0 ? n : end + q;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (c === '"' || c === "'" || (lang === 'js' && c === '`')) {
      // C# verbatim strings (@"..." and $@"..."): "" is a quote, backslashes are plain.
      const verbatim = lang === 'csharp' && c === '"' && /@\$?$|\$@$/.test(text.slice(Math.max(0, i - 2), i));
      let j = i + 1;
      while (j < n && text[j] !== c) {
        if (verbatim && text[j] === '"' && text[j + 1] === '"') j += 2;
        else if (!verbatim && text[j] === '\\') j += 2;
        else if (text[j] === '\n' && c !== '`' && !verbatim) break;
        else j++;
        if (verbatim && text[j] === '"' && text[j + 1] === '"') continue;
      }
      const stop = Math.min(n, j + 1);
      blank(i, stop);
      i = stop;
      continue;
    }
    i++;
  }
  return out.join('');
}

/** Index of the bracket that closes the one at `open` (`(`, `[`, `{` or `<`), or -1. Masked text only. */
export function matchForward(text: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
  const o = text[open];
  const c = pairs[o];
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === o) depth++;
    else if (text[i] === c) {
      depth--;
      if (depth === 0) return i;
    } else if (o === '<' && /[;{}()=]/.test(text[i]) && !(text[i] === '(' || text[i] === ')')) return -1;
  }
  return -1;
}

/** Splits at commas outside brackets (`<>` too unless `angles` is false: call arguments compare with `<`); each part with its offset in `text`. */
export function splitTopLevel(text: string, separator = ',', angles = true): { part: string; at: number }[] {
  const parts: { part: string; at: number }[] = [];
  const [opens, closes] = angles ? ['([{<', ')]}>'] : ['([{', ')]}'];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (opens.includes(ch)) depth++;
    else if (closes.includes(ch)) depth = Math.max(0, depth - 1);
    else if (ch === separator && depth === 0) {
      parts.push({ part: text.slice(start, i), at: start });
      start = i + 1;
    }
  }
  if (text.slice(start).trim()) parts.push({ part: text.slice(start), at: start });
  return parts;
}

/** Adds an overload (records are plain objects: a method may be called `toString` or `constructor`). */
function addSignature(methods: Record<string, Signature[]>, name: string, sig: Signature) {
  if (!Object.hasOwn(methods, name)) methods[name] = [];
  methods[name].push(sig);
}

const sortRecord = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

function envNames(list: (dir: string) => string[], read: (file: string) => string, filter: (file: string) => boolean): string[] {
  const names = new Set<string>();
  for (const file of list('.').filter(filter)) {
    // A string literal (`os.Getenv("DAPR_API_TOKEN")`), or JavaScript's `process.env.DAPR_HTTP_PORT`.
    for (const [, quoted, env] of read(file).matchAll(/["'`](DAPR_[A-Z0-9_]+)["'`]|process\.env\.(DAPR_[A-Z0-9_]+)/g)) names.add(quoted ?? env);
  }
  return [...names].sort();
}

// ---------------------------------------------------------------------------------------------------------------
// Python: Python's own parser (python_surface.py).

const PYTHON = process.env.CONTENT_CHECK_PYTHON ?? '/usr/bin/python3';

function pythonSurface(list: (dir: string) => string[], read: (file: string) => string): Omit<SdkSurface, 'envNames'> {
  const sources = list('.').filter((f) => /^(dapr\/|ext\/[^/]+\/(dapr|flask_dapr)\/).*\.py$/.test(f) && !/(^|\/)tests?\//.test(f));
  const files = Object.fromEntries(sources.map((f) => [f, read(f)]));
  const result = spawnSync(PYTHON, [path.join(__dirname, 'python_surface.py')], { input: JSON.stringify({ files }), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`python_surface.py failed: ${result.error?.message ?? result.stderr}`);
  return JSON.parse(result.stdout);
}

// ---------------------------------------------------------------------------------------------------------------
// Java and C#: type declarations and their public members, read from masked source with brace matching.

const JAVA_MODIFIERS = new Set(['public', 'protected', 'private', 'static', 'abstract', 'final', 'default', 'synchronized', 'native', 'transient', 'volatile', 'strictfp', 'sealed', 'non-sealed']);
const CSHARP_MODIFIERS = new Set(['public', 'protected', 'private', 'internal', 'static', 'abstract', 'sealed', 'virtual', 'override', 'readonly', 'async', 'extern', 'unsafe', 'new', 'partial', 'const', 'volatile', 'required', 'file', 'ref', 'implicit', 'explicit']);
const TYPE_DECL = /\b(class|interface|enum|record(?:\s+struct|\s+class)?|struct|@interface)\s+([A-Za-z_]\w*)/g;

type RawType = {
  fqn: string;
  kind: string;
  baseNames: string[];
  methods: Record<string, Signature[]>;
  fields: Set<string>;
  /** What a simple name in this type's file means: for resolving bases and return types in a second pass. */
  scope: NameScope;
  extensions: { target: string; name: string; sig: Signature }[];
};
type NameScope = { namespace: string; imports: Map<string, string>; wildcards: string[]; outer: string[] };

/**
 * `body` with its own braces: keeps what is at depth 1 (the member declarations) and the braces of the blocks at
 * depth 2 (a member's body, so a declaration ends at its `}`), blanking everything inside those blocks.
 */
function flattenBody(body: string): string {
  const out = body.split('');
  let depth = 0;
  for (let i = 0; i < out.length; i++) {
    const ch = out[i];
    if (ch === '{') {
      depth++;
      if (depth > 2) out[i] = ' ';
    } else if (ch === '}') {
      if (depth > 2) out[i] = ' ';
      depth--;
    } else if (depth > 1 && ch !== '\n') out[i] = ' ';
  }
  return out.join('');
}

/** Removes leading annotations (`@Override`, `@Foo(...)`) and attributes (`[Obsolete(...)]`). */
function stripAttributes(text: string): string {
  let t = text.trim();
  for (;;) {
    const java = /^@(?!interface\b)[\w.]+\s*/.exec(t);
    if (java) {
      t = t.slice(java[0].length);
      if (t.startsWith('(')) t = t.slice(matchForward(t, 0) + 1);
      t = t.trim();
      continue;
    }
    if (t.startsWith('[')) {
      const end = matchForward(t, 0);
      if (end < 0) return t;
      t = t.slice(end + 1).trim();
      continue;
    }
    return t;
  }
}

/**
 * The `(` that opens a declaration's parameters: the first one outside `<>` that follows a name or a generic list
 * (a C# tuple return type, `Task<(T value, string etag)> Get(`, comes before it). -1 when there is none.
 */
function parameterParen(c: string): number {
  let angle = 0;
  for (let i = 0; i < c.length; i++) {
    const ch = c[i];
    if (ch === '<') angle++;
    else if (ch === '>') angle = Math.max(0, angle - 1);
    else if (ch === '(') {
      if (angle === 0 && /[\w>]\s*$/.test(c.slice(0, i))) return i;
      const close = matchForward(c, i);
      if (close < 0) return -1;
      i = close;
    }
  }
  return -1;
}

/** Parameter names and the type of each, from the text between a declaration's parentheses. */
function parameters(text: string, modifiers: Set<string>): { name: string; type: string; isThis: boolean }[] {
  return splitTopLevel(text)
    .map(({ part }) => {
      let p = stripAttributes(part).replace(/=[\s\S]*$/, '').trim();
      const isThis = /^this\s/.test(p);
      p = p.replace(/^(?:(?:this|params|ref|out|in|final|scoped|readonly)\s+)+/, '');
      const m = /([A-Za-z_]\w*)\s*$/.exec(p);
      return m ? { name: m[1], type: p.slice(0, m.index).trim(), isThis } : undefined;
    })
    .filter((p): p is { name: string; type: string; isThis: boolean } => !!p && !modifiers.has(p.name));
}

function braceLanguage(lang: 'java' | 'csharp', files: { file: string; text: string }[]): Omit<SdkSurface, 'envNames'> {
  const modifiers = lang === 'java' ? JAVA_MODIFIERS : CSHARP_MODIFIERS;
  const raw = new Map<string, RawType>();
  const modules: Record<string, SdkModule> = {};
  const addModule = (name: string) => {
    const parts = name.split('.');
    for (let i = 1; i <= parts.length; i++) modules[parts.slice(0, i).join('.')] ??= { names: {} };
  };
  for (const { text: source } of files) {
    const text = maskCode(source, lang);
    const imports = new Map<string, string>();
    const wildcards: string[] = [];
    // Namespaces: Java's one package; C#'s file-scoped namespace or namespace blocks (by their brace range).
    const namespaces: { name: string; from: number; to: number }[] = [];
    if (lang === 'java') {
      const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(text)?.[1] ?? '';
      namespaces.push({ name: pkg, from: 0, to: text.length });
      for (const [, name, star] of text.matchAll(/^\s*import\s+(?!static\b)([\w.]+?)(\.\*)?\s*;/gm)) {
        if (star) wildcards.push(name);
        else imports.set(name.split('.').pop()!, name);
      }
    } else {
      for (const m of text.matchAll(/^\s*(?:global\s+)?using\s+(?!static\b)(?:(\w+)\s*=\s*)?([\w.]+)\s*;/gm)) {
        if (m[1]) imports.set(m[1], m[2]);
        else wildcards.push(m[2]);
      }
      for (const m of text.matchAll(/\bnamespace\s+([\w.]+)\s*([;{])/g)) {
        const from = m.index!;
        const to = m[2] === ';' ? text.length : matchForward(text, from + m[0].length - 1);
        namespaces.push({ name: m[1], from, to: to < 0 ? text.length : to });
      }
    }
    const namespaceAt = (at: number) => namespaces.filter((ns) => ns.from <= at && at <= ns.to).map((ns) => ns.name).join('.');
    for (const ns of namespaces) if (ns.name) addModule(ns.name);

    // Type declarations, outermost first, each with its body's range.
    const decls: { name: string; kind: string; at: number; bodyFrom: number; bodyTo: number; header: string; mods: string[] }[] = [];
    for (const m of text.matchAll(TYPE_DECL)) {
      const before = text.slice(0, m.index);
      const modText = /((?:[\w-]+\s+|@\w+(?:\([^)]*\))?\s+|\[[^\]]*\]\s*)*)$/.exec(before)?.[1] ?? '';
      const mods = modText.split(/\s+/).filter((w) => modifiers.has(w));
      if (/\bnew\s*$/.test(before) && lang === 'java') continue;
      let i = m.index! + m[0].length;
      // Header: generics, record components, bases, constraints, up to the body's `{` (or `;` for a C# record).
      let depth = 0;
      while (i < text.length) {
        const ch = text[i];
        if ('(<['.includes(ch)) depth++;
        else if (')>]'.includes(ch)) depth--;
        else if (depth <= 0 && (ch === '{' || ch === ';')) break;
        i++;
      }
      const header = text.slice(m.index! + m[0].length, i);
      const bodyTo = text[i] === '{' ? matchForward(text, i) : i;
      decls.push({ name: m[2], kind: m[1].replace(/\s+/g, ' '), at: m.index!, bodyFrom: i, bodyTo: bodyTo < 0 ? text.length : bodyTo, header, mods });
    }
    const outerOf = (d: (typeof decls)[number]) => decls.filter((o) => o !== d && o.bodyFrom < d.at && d.at < o.bodyTo).sort((a, b) => b.at - a.at)[0];
    const fqnOf = (d: (typeof decls)[number]): string | undefined => {
      const outer = outerOf(d);
      if (outer) {
        const o = fqnOf(outer);
        return o && `${o}.${d.name}`;
      }
      const ns = namespaceAt(d.at);
      return ns ? `${ns}.${d.name}` : d.name;
    };
    const isPublic = (d: (typeof decls)[number]): boolean => {
      const outer = outerOf(d);
      const inInterface = outer && outer.kind === 'interface';
      const ok = d.mods.includes('public') || (lang === 'java' && !!inInterface && !d.mods.includes('private'));
      return ok && (!outer || isPublic(outer));
    };
    for (const d of decls) {
      if (!isPublic(d)) continue;
      const fqn = fqnOf(d);
      if (!fqn) continue;
      const outer = outerOf(d);
      const outerNames: string[] = [];
      for (let o = outer; o; o = outerOf(o)) outerNames.push(fqnOf(o)!);
      const scope: NameScope = { namespace: namespaceAt(d.at), imports, wildcards, outer: [fqn, ...outerNames] };
      const type: RawType = raw.get(fqn) ?? { fqn, kind: d.kind, baseNames: [], methods: {}, fields: new Set(), scope, extensions: [] };
      raw.set(fqn, type);
      if (outer) raw.get(fqnOf(outer)!)?.fields.add(d.name);
      else if (modules[scope.namespace]?.names) modules[scope.namespace].names![d.name] = fqn;
      // Header: `<T>` generics, `(components)` of a record, then bases.
      let header = d.header.trim();
      if (header.startsWith('<')) header = header.slice(matchForward(header, 0) + 1).trim();
      if (header.startsWith('(')) {
        const close = matchForward(header, 0);
        const components = parameters(header.slice(1, close), modifiers);
        const sig: Signature = lang === 'csharp' ? { params: components.map((c) => c.name) } : {};
        addSignature(type.methods, '<init>', sig);
        // A record's components are public accessors (Java) or properties (C#); a C# class's primary constructor
        // parameters are not members.
        for (const c of d.kind.startsWith('record') ? components : []) {
          if (lang === 'java') addSignature(type.methods, c.name, { returns: c.type });
          else type.fields.add(c.name);
        }
        header = header.slice(close + 1).trim();
      }
      header = header.replace(/\bwhere\b[\s\S]*$/, '').replace(/\bpermits\b[\s\S]*?(?=\bimplements\b|$)/, '');
      const baseText = lang === 'java' ? header.replace(/\b(extends|implements)\b/g, ',') : header.replace(/^:/, '');
      for (const { part } of splitTopLevel(baseText)) {
        const name = part.trim().replace(/<[\s\S]*$/, '').trim();
        if (/^[\w.]+$/.test(name)) type.baseNames.push(name);
      }
      if (d.bodyTo <= d.bodyFrom) continue;
      const body = flattenBody(text.slice(d.bodyFrom, d.bodyTo + 1)).slice(1, -1);
      let members = body;
      if (d.kind === 'enum') {
        // Enum constants come first: up to the first `;` (Java) or the whole body (C#).
        const end = lang === 'java' ? body.indexOf(';') : body.length;
        for (const { part } of splitTopLevel(body.slice(0, end < 0 ? body.length : end))) {
          const name = /^\s*(?:@\w+\s*)*([A-Za-z_]\w*)/.exec(stripAttributes(part))?.[1];
          if (name) type.fields.add(name);
        }
        members = end < 0 ? '' : body.slice(end + 1);
        if (lang === 'csharp') members = '';
      }
      const interfaceMember = d.kind === 'interface' || d.kind === '@interface';
      // Member declarations end at `;` or at a block's `}`.
      for (const chunk of members.split(/;|(?<=\})/)) {
        let c = stripAttributes(chunk).replace(/\s+/g, ' ').trim();
        if (/\b(class|interface|enum|struct)\s+\w+/.test(c) || /\brecord\s+\w+\s*[(<{:]/.test(c)) continue;
        const words: string[] = [];
        for (;;) {
          const w = /^([\w-]+)\s+/.exec(c);
          if (!w || !modifiers.has(w[1])) break;
          words.push(w[1]);
          c = c.slice(w[0].length);
        }
        const visible = words.includes('public') || (interfaceMember && !words.includes('private') && !words.includes('protected') && !words.includes('internal'));
        if (!visible) continue;
        // Java generic methods: `<T> Mono<T> name(`.
        if (c.startsWith('<')) c = c.slice(matchForward(c, 0) + 1).trim();
        const paren = parameterParen(c);
        const arrow = c.indexOf('=>');
        const assign = c.search(/(?<![=!<>])=(?![=>])/);
        const brace = c.indexOf('{');
        const firstOf = (...xs: number[]) => Math.min(...xs.map((x) => (x < 0 ? Infinity : x)));
        if (paren >= 0 && paren === firstOf(paren, arrow, assign, brace)) {
          let head = c.slice(0, paren).trim();
          if (/\boperator\b/.test(head) || /\bthis\s*$/.test(head)) continue;
          if (head.endsWith('>')) {
            const open = head.lastIndexOf('<', head.length - 1);
            let depth = 0;
            let at = head.length - 1;
            for (; at >= 0; at--) {
              if (head[at] === '>') depth++;
              else if (head[at] === '<' && --depth === 0) break;
            }
            head = head.slice(0, at >= 0 ? at : open).trim();
          }
          const nameMatch = /([A-Za-z_][\w.]*)$/.exec(head);
          if (!nameMatch || nameMatch[1].includes('.')) continue; // explicit interface implementations
          const name = nameMatch[1];
          const returns = head.slice(0, nameMatch.index).trim();
          const close = matchForward(c, paren);
          const params = parameters(c.slice(paren + 1, close < 0 ? c.length : close), modifiers);
          const isCtor = !returns && name === d.name;
          if (!returns && !isCtor) continue;
          const sig: Signature = lang === 'csharp' ? { params: params.map((p) => p.name) } : {};
          if (returns && returns !== 'void') sig.returns = returns;
          if (lang === 'csharp' && params[0]?.isThis && words.includes('static')) {
            type.extensions.push({ target: params[0].type.replace(/<[\s\S]*$/, '').replace(/\?$/, '').trim(), name, sig: { params: params.slice(1).map((p) => p.name), ...(sig.returns ? { returns: sig.returns } : {}) } });
          }
          addSignature(type.methods, isCtor ? '<init>' : name, sig);
          continue;
        }
        // A field, constant or property: the last name before `=`, `=>`, `{` or the end.
        const end = firstOf(arrow, assign, brace, c.length);
        const name = /([A-Za-z_]\w*)\s*$/.exec(c.slice(0, end))?.[1];
        if (name && !modifiers.has(name)) type.fields.add(name);
      }
    }
  }

  // Second pass: bases and return types named by simple name become full names where they are SDK types.
  const resolve = (name: string, scope: NameScope): string | undefined => {
    if (raw.has(name)) return name;
    const [first, ...rest] = name.split('.');
    const suffix = rest.length ? `.${rest.join('.')}` : '';
    for (const outer of scope.outer) if (raw.has(`${outer}.${name}`)) return `${outer}.${name}`;
    // A type's nested types reachable through its bases: skipped (rare in the SDKs' public signatures).
    const imported = scope.imports.get(first);
    if (imported && raw.has(imported + suffix)) return imported + suffix;
    const ns = scope.namespace.split('.');
    for (let i = ns.length; i > 0; i--) {
      const candidate = `${ns.slice(0, i).join('.')}.${name}`;
      if (raw.has(candidate)) return candidate;
    }
    for (const w of scope.wildcards) if (raw.has(`${w}.${name}`)) return `${w}.${name}`;
    return undefined;
  };
  const resolveTypeText = (text: string, scope: NameScope) =>
    text.replace(/[A-Za-z_][\w.]*/g, (word) => resolve(word, scope) ?? word).replace(/\s+/g, ' ');
  const types: Record<string, SdkType> = {};
  for (const t of raw.values()) {
    const methods: Record<string, Signature[]> = {};
    for (const [name, sigs] of Object.entries(t.methods)) {
      methods[name] = sigs.map((s) => (s.returns ? { ...s, returns: resolveTypeText(s.returns, t.scope) } : s));
    }
    types[t.fqn] = { kind: t.kind, bases: [...new Set(t.baseNames.map((b) => resolve(b, t.scope) ?? b))], methods, fields: [...t.fields].sort() };
  }
  // C# extension methods: a method of every SDK type of the extended type's name.
  for (const t of raw.values()) {
    for (const ext of t.extensions) {
      const target = resolve(ext.target, t.scope);
      if (!target) continue;
      const sig = ext.sig.returns ? { ...ext.sig, returns: resolveTypeText(ext.sig.returns, t.scope) } : ext.sig;
      addSignature(types[target].methods, ext.name, sig);
    }
  }
  return { modules: sortRecord(modules), types: sortRecord(types), functions: {} };
}

// ---------------------------------------------------------------------------------------------------------------
// Go: exported functions, types (struct fields, interface methods, methods by receiver), constants and variables.

const GO_MODULE = 'github.com/dapr/go-sdk';

/** The first result type of a Go function (`(client Client, err error)` → `Client`), as a full name when resolvable. */
function goResult(results: string, resolveType: (t: string) => string): string | undefined {
  let r = results.trim();
  if (!r) return undefined;
  if (r.startsWith('(')) {
    const first = splitTopLevel(r.slice(1, matchForward(r, 0)))[0]?.part.trim() ?? '';
    // Named results: `client Client`; unnamed: `*BindingEvent`.
    const named = /^[a-z_]\w*\s+(\S[\s\S]*)$/.exec(first);
    r = named && !/^(map|chan|func)\b/.test(first) ? named[1] : first;
  }
  return resolveType(r.trim());
}

function goSurface(list: (dir: string) => string[], read: (file: string) => string): Omit<SdkSurface, 'envNames'> {
  const files = list('.').filter((f) => f.endsWith('.go') && !f.endsWith('_test.go') && !/(^|\/)(examples|tools|internal|mock|\.github)\//.test(f) && !/(^|\/)internal\//.test(f));
  const modules: Record<string, SdkModule> = {};
  const types: Record<string, SdkType> = {};
  const functions: Record<string, Signature[]> = {};
  const typeOf = (fqn: string, kind = 'type') => (types[fqn] ??= { kind, bases: [], methods: {}, fields: [] });
  for (const file of files) {
    const text = maskCode(read(file), 'go');
    const pkgName = /^\s*package\s+(\w+)/m.exec(text)?.[1];
    if (!pkgName || pkgName === 'main') continue;
    const dir = path.posix.dirname(file);
    const importPath = dir === '.' ? GO_MODULE : `${GO_MODULE}/${dir}`;
    const mod = (modules[importPath] ??= { package: pkgName, names: {} });
    const names = mod.names!;
    // Imports (strings are masked: read them from the original text at the same offsets).
    const original = read(file);
    const imports = new Map<string, string>();
    for (const m of text.matchAll(/^\s*import\s*(\(([\s\S]*?)\)|[^\n]+)/gm)) {
      const block = original.slice(m.index!, m.index! + m[0].length);
      for (const im of block.matchAll(/(?:^|\n|\(|import)\s*([\w.]+\s+)?"([^"]+)"/g)) {
        const alias = im[1]?.trim() ?? im[2].split('/').pop()!;
        imports.set(alias, im[2]);
      }
    }
    const resolveType = (t: string): string => {
      const bare = t.replace(/^[*&]+/, '').replace(/\[[^\]]*\]$/, '');
      const q = /^(\w+)\.([A-Z]\w*)$/.exec(bare);
      if (q && imports.has(q[1])) return `${imports.get(q[1])}.${q[2]}`;
      if (/^[A-Z]\w*$/.test(bare)) return `${importPath}.${bare}`;
      return t;
    };
    const exported = (name: string) => /^[A-Z]/.test(name);
    // Top-level declarations: each starts at column 0.
    for (const m of text.matchAll(/^func\s+(?:\(\s*\w*\s*\*?\s*(\w+)(?:\[[^\]]*\])?\s*\)\s*)?([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*\(/gm)) {
      const [, receiver, name] = m;
      if (!exported(name)) continue;
      const open = m.index! + m[0].length - 1;
      const close = matchForward(text, open);
      const braceAt = text.indexOf('{', close);
      const lineEnd = text.indexOf('\n', close);
      const resultText = text.slice(close + 1, braceAt >= 0 && (lineEnd < 0 || braceAt < lineEnd) ? braceAt : lineEnd < 0 ? text.length : lineEnd);
      const returns = goResult(resultText, resolveType);
      const sig: Signature = returns ? { returns } : {};
      if (receiver) {
        if (!exported(receiver)) continue;
        addSignature(typeOf(`${importPath}.${receiver}`).methods, name, sig);
      } else {
        names[name] = `${importPath}.${name}`;
        addSignature(functions, `${importPath}.${name}`, sig);
      }
    }
    // Types, single or grouped: `type X struct {`, `type ( X interface { … } … )`.
    const typeSpecs: { name: string; rest: string; at: number }[] = [];
    for (const m of text.matchAll(/^type\s+(\(|([A-Za-z_]\w*)(?:\[[^\]]*\])?\s+)/gm)) {
      if (m[1] === '(') {
        const close = matchForward(text, m.index! + m[0].length - 1);
        const group = text.slice(m.index! + m[0].length, close);
        const flat = flattenBody(`{${group}}`).slice(1, -1);
        for (const spec of flat.matchAll(/^\s*([A-Za-z_]\w*)(?:\[[^\]]*\])?\s+/gm)) {
          typeSpecs.push({ name: spec[1], rest: group.slice(spec.index! + spec[0].length), at: m.index! + m[0].length + spec.index! + spec[0].length });
        }
      } else typeSpecs.push({ name: m[2], rest: text.slice(m.index! + m[0].length), at: m.index! + m[0].length });
    }
    for (const { name, rest, at } of typeSpecs) {
      if (!exported(name)) continue;
      const fqn = `${importPath}.${name}`;
      names[name] = fqn;
      const kindMatch = /^(=\s*)?(struct|interface)\s*\{/.exec(rest);
      if (!kindMatch) {
        const alias = /^(=\s*)?([\w.*\[\]]+)/.exec(rest);
        const t = typeOf(fqn);
        if (alias?.[1]) t.bases.push(resolveType(alias[2])); // an alias has every member of what it names
        continue;
      }
      const t = typeOf(fqn);
      t.kind = kindMatch[2]; // methods may have been read (from another file) before the declaration
      const open = at + kindMatch[0].length - 1;
      const close = matchForward(text, open);
      const body = flattenBody(text.slice(open, close + 1)).slice(1, -1);
      for (const line of body.split('\n')) {
        const l = line.trim();
        if (!l) continue;
        if (kindMatch[2] === 'interface') {
          const method = /^([A-Za-z_]\w*)\s*\(/.exec(l);
          if (method) {
            if (!exported(method[1])) continue;
            const lineAt = body.indexOf(line);
            const raw = text.slice(open + 1 + lineAt, open + 1 + lineAt + line.length).trim();
            const paren = raw.indexOf('(');
            const pclose = matchForward(raw, paren);
            const returns = goResult(raw.slice(pclose + 1), resolveType);
            addSignature(t.methods, method[1], returns ? { returns } : {});
          } else if (/^[\w.*]+$/.test(l)) t.bases.push(resolveType(l));
          continue;
        }
        // Struct: `A, B Type`, `Name Type`, or an embedded `*pkg.Type` (its name is a field, its members promoted).
        const embedded = /^\*?([\w.]+)$/.exec(l.replace(/\s+"[^"]*"$/, '').replace(/\s+`[^`]*`$/, '').trim());
        if (embedded || /^\*?[\w]+\.[\w]+\s*$/.test(l)) {
          const ref = embedded?.[1] ?? l;
          t.bases.push(resolveType(ref));
          t.fields.push(ref.split('.').pop()!);
          continue;
        }
        const field = /^([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s+\S/.exec(l);
        if (field) for (const f of field[1].split(',')) if (exported(f.trim())) t.fields.push(f.trim());
      }
    }
    // Constants and variables, single or grouped.
    for (const m of text.matchAll(/^(?:const|var)\s+(\(|([A-Za-z_]\w*))/gm)) {
      if (m[1] === '(') {
        const close = matchForward(text, m.index! + m[0].length - 1);
        const flat = flattenBody(`{${flattenBody(`{${text.slice(m.index! + m[0].length, close)}}`).slice(1, -1).replace(/\(/g, ' ').replace(/\)/g, ' ')}}`).slice(1, -1);
        for (const spec of flat.matchAll(/^\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)/gm)) {
          for (const n of spec[1].split(',')) if (exported(n.trim())) names[n.trim()] ??= '';
        }
      } else if (exported(m[2])) names[m[2]] ??= '';
    }
  }
  for (const t of Object.values(types)) {
    t.bases = [...new Set(t.bases)];
    t.fields = [...new Set(t.fields)].sort();
  }
  return { modules: sortRecord(modules), types: sortRecord(types), functions: sortRecord(functions) };
}

// ---------------------------------------------------------------------------------------------------------------

export function sdkSurface(language: SdkLanguage, list: (dir: string) => string[], read: (file: string) => string): SdkSurface {
  switch (language) {
    case 'python': {
      const names = envNames(list, read, (f) => f.endsWith('.py') && !/(^|\/)(tests?|examples)\//.test(f));
      // dapr.conf.Settings reads every name of global_settings from the environment, by the name's own spelling.
      const settings = read('dapr/conf/global_settings.py');
      for (const [, name] of settings.matchAll(/^(DAPR_[A-Z0-9_]+)\s*=/gm)) names.push(name);
      return { ...pythonSurface(list, read), envNames: [...new Set(names)].sort() };
    }
    case 'java': {
      const sources = list('.').filter((f) => /\/src\/main\/java\/.*\.java$/.test(f) && !/(^|\/)[\w-]*examples?[\w-]*\//.test(f));
      const surface = braceLanguage('java', sources.map((file) => ({ file, text: read(file) })));
      // io.dapr.v1 is generated from the runtime's protos at build time (sdk-autogen): it exists, its names are not listed.
      surface.modules['io.dapr.v1'] = { names: null };
      return { ...surface, envNames: envNames(list, read, (f) => sources.includes(f)) };
    }
    case 'dotnet': {
      const sources = list('src').filter((f) => f.endsWith('.cs') && !/\/(obj|bin)\//.test(f));
      const surface = braceLanguage('csharp', sources.map((file) => ({ file, text: read(file) })));
      // Namespaces generated from the protos at build time exist; their names are not listed.
      for (const proto of list('src').filter((f) => f.endsWith('.proto'))) {
        const ns = /option\s+csharp_namespace\s*=\s*"([^"]+)"/.exec(read(proto))?.[1];
        if (ns) surface.modules[ns] = { names: null };
      }
      return { ...surface, modules: sortRecord(surface.modules), envNames: envNames(list, read, (f) => sources.includes(f)) };
    }
    case 'go':
      return { ...goSurface(list, read), envNames: envNames(list, read, (f) => f.endsWith('.go') && !f.endsWith('_test.go') && !/(^|\/)examples\//.test(f)) };
    case 'js':
      return { modules: {}, types: {}, functions: {}, envNames: envNames(list, read, (f) => /^src\/.*\.[jt]s$/.test(f)) };
    default:
      throw new Error(`unknown SDK language ${language as string}`);
  }
}
