// Python, Java, C# and Go samples use the SDK's real API: every SDK module, package or namespace they import exists
// with the names they import; every SDK type or package member they name exists; every method they call on a value
// whose SDK type the sample makes known (a constructor, a declared type, an annotated parameter, a method's recorded
// return type) exists on that type or its bases; and the parameter names they use (Python keywords, C# named
// arguments, Go struct literal fields, C# object initializers) belong to what they call. The API is the data in
// upstream-facts/sdk-<language>-<version>.json, read from the SDK's source at its release tag. A call the check cannot
// type is not checked: a false alarm on a correct sample is a bug.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CheckResult, Problem } from '../problem';
import type { Sample } from '../samples';
import { maskCode, matchForward, splitTopLevel, type SdkSurface, type SdkType, type Signature } from '../sdk-surface';
import { compareVersions } from '../upstream';

type Lang = 'python' | 'java' | 'csharp' | 'go';
const SDK_FILE: Record<Lang, string> = { python: 'python', java: 'java', csharp: 'dotnet', go: 'go' };
export type SdkFacts = SdkSurface & { upstream: string; tag: string };

/** What an expression in a sample stands for, as far as the check can tell. */
type Value =
  | { kind: 'instance'; type: string }
  | { kind: 'class'; type: string }
  | { kind: 'module'; name: string }
  | { kind: 'function'; name: string }
  /** A value in a wrapper from outside the SDK (`Mono<State<T>>`, `Task<WorkflowState>`): `.block()` / `await` unwrap it. */
  | { kind: 'wrapped'; wrapper: string; inner: string }
  | undefined;

/**
 * Members of base types from outside the SDK that the check knows; a type with any other outside base may have
 * members the data does not list, so a member not found on it is not reported.
 */
const KNOWN_EXTERNAL: Record<Lang, Record<string, string[]>> = {
  python: {
    object: [], ABC: [], Protocol: [], Generic: [], Enum: ['name', 'value'],
    Exception: ['args', 'with_traceback', 'add_note'], RuntimeError: ['args', 'with_traceback', 'add_note'], ValueError: ['args', 'with_traceback', 'add_note'],
    NamedTuple: ['_asdict', '_replace', '_fields', '_make', 'count', 'index'],
  },
  java: {
    Object: [], AutoCloseable: ['close'], Closeable: ['close'], Serializable: [],
    ...Object.fromEntries(['Exception', 'RuntimeException', 'Throwable', 'IllegalStateException', 'IllegalArgumentException'].map((e) => [e, ['getMessage', 'getCause', 'printStackTrace', 'getLocalizedMessage', 'getStackTrace', 'addSuppressed', 'getSuppressed', 'initCause', 'fillInStackTrace', 'setStackTrace']])),
  },
  csharp: {
    object: [], IDisposable: ['Dispose'], IAsyncDisposable: ['DisposeAsync'],
    ...Object.fromEntries(['Exception', 'InvalidOperationException', 'ArgumentException'].map((e) => [e, ['Message', 'InnerException', 'StackTrace', 'Data', 'Source', 'HResult', 'GetBaseException', 'TargetSite', 'HelpLink']])),
  },
  go: { error: ['Error'] },
};
/** Members every value has (Object, object). */
const UNIVERSAL: Record<Lang, string[]> = {
  python: [],
  java: ['toString', 'equals', 'hashCode', 'getClass', 'notify', 'notifyAll', 'wait'],
  csharp: ['ToString', 'Equals', 'GetHashCode', 'GetType'],
  go: [],
};
const ENUM_MEMBERS: Record<Lang, string[]> = {
  python: ['name', 'value'],
  java: ['name', 'ordinal', 'compareTo', 'values', 'valueOf', 'getDeclaringClass', 'describeConstable'],
  csharp: ['HasFlag', 'CompareTo', 'GetTypeCode'],
  go: [],
};
/** Wrappers a method's return type may put an SDK type in, and what unwraps them. */
const WRAPPERS = /^(Mono|Flux|Task|ValueTask|CompletableFuture|Optional|Awaitable|Coroutine)<([\s\S]*)>$/;

type Binding = { name: string; from: number; to: number; value: () => Value };

const simple = (fqn: string) => fqn.split('.').pop()!;
const isIdent = (ch: string | undefined) => !!ch && /[\w$]/.test(ch);

/** The newest data file for each SDK in upstream-facts/. */
export function loadSdkFacts(root: string): Partial<Record<Lang, SdkFacts>> {
  const dir = path.join(root, 'upstream-facts');
  const out: Partial<Record<Lang, SdkFacts>> = {};
  for (const lang of Object.keys(SDK_FILE) as Lang[]) {
    const prefix = `sdk-${SDK_FILE[lang]}-`;
    const files = readdirSync(dir).filter((n) => n.startsWith(prefix) && n.endsWith('.json'));
    const facts = files.map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as SdkFacts).sort((a, b) => compareVersions(b.tag, a.tag));
    if (facts[0]) out[lang] = facts[0];
  }
  return out;
}

class SampleCheck {
  readonly masked: string;
  readonly problems: Problem[] = [];
  private readonly seen = new Set<string>();
  readonly globals = new Map<string, Value>();
  readonly bindings: Binding[] = [];
  /** Names the sample declares itself (its own classes): never SDK types. */
  readonly own = new Set<string>();
  private readonly label: string;
  /** C#: namespaces the sample imports with `using`. Java: packages imported with `.*`. */
  readonly openNamespaces: string[] = [];

  constructor(readonly sample: Sample, readonly lang: Lang, readonly facts: SdkFacts) {
    this.masked = maskCode(sample.code, lang);
    this.label = `${facts.upstream.split('/').pop()} ${facts.tag}`;
  }

  report(offset: number, message: string) {
    const line = this.sample.line + this.sample.code.slice(0, offset).split('\n').length - 1;
    const key = `${line}:${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.problems.push({ file: this.sample.file, line, lang: this.sample.lang, check: 'sdk', message: `${message} (${this.label})` });
  }

  // --- the SDK data --------------------------------------------------------------------------------------------

  type(fqn: string): SdkType | undefined {
    return Object.hasOwn(this.facts.types, fqn) ? this.facts.types[fqn] : undefined;
  }

  /**
   * A member of a type or its bases: its signatures when it is a method, [] when it is a field or nested type;
   * 'open' when it is not found but an outside base may have it; undefined when the type has no such member.
   */
  member(fqn: string, name: string, seen = new Set<string>()): Signature[] | 'open' | undefined {
    if (UNIVERSAL[this.lang].includes(name)) return [];
    const t = this.type(fqn);
    if (!t || seen.has(fqn)) return 'open';
    seen.add(fqn);
    if (Object.hasOwn(t.methods, name)) return t.methods[name];
    if (t.fields.includes(name)) return [];
    if (t.kind === 'enum' && ENUM_MEMBERS[this.lang].includes(name)) return [];
    let open = false;
    for (const base of t.bases) {
      if (this.type(base)) {
        const found = this.member(base, name, seen);
        if (found === 'open') open = true;
        else if (found) return found;
        continue;
      }
      const external = base.replace(/[[<][\s\S]*$/, '').split('.').pop()!;
      const known = KNOWN_EXTERNAL[this.lang][external];
      if (!known) open = true;
      else if (known.includes(name)) return [];
    }
    return open ? 'open' : undefined;
  }

  /** A value from a type written in the SDK data (`Mono<io.dapr.client.domain.State<T>>`) or in a sample. */
  valueOfTypeText(text: string | undefined, resolve: (name: string) => string | undefined = (n) => (this.type(n) ? n : undefined)): Value {
    if (!text) return undefined;
    const t = text.trim().replace(/^[*&]+/, '').replace(/\?$/, '');
    const wrapped = WRAPPERS.exec(t);
    if (wrapped) return { kind: 'wrapped', wrapper: wrapped[1], inner: wrapped[2] };
    const name = t.replace(/[<[][\s\S]*$/, '').trim();
    if (!/^[\w./-]+$/.test(name)) return undefined; // Go types are named by import path: github.com/dapr/go-sdk/client.Client
    const fqn = resolve(name);
    return fqn ? { kind: 'instance', type: fqn } : undefined;
  }

  /** The value a name stands for at an offset: the nearest binding in scope, else an import. */
  lookup(name: string, at: number): Value {
    let best: Binding | undefined;
    for (const b of this.bindings) if (b.name === name && b.from <= at && at < b.to && (!best || b.from > best.from)) best = b;
    if (best) return best.value();
    if (this.own.has(name)) return undefined;
    return this.globals.get(name) ?? this.resolveTypeName(name);
  }

  /** A type name the sample writes, as an SDK type: imported, or in a namespace/package the sample imports whole. */
  resolveTypeName(name: string): Value {
    if (this.own.has(name)) return undefined;
    const global = this.globals.get(name);
    if (global) return global;
    for (const ns of this.openNamespaces) {
      const target = this.facts.modules[ns]?.names?.[name];
      if (target && this.type(target)) return { kind: 'class', type: target };
    }
    return undefined;
  }

  /** A module's member as a value. */
  moduleMember(module: string, name: string): Value | 'missing' | 'unknown' {
    const mod = this.facts.modules[module];
    if (!mod) return 'unknown';
    if (mod.names === null) return 'unknown';
    if (!Object.hasOwn(mod.names, name)) {
      const sub = `${module}.${name}`;
      return this.facts.modules[sub] ? { kind: 'module', name: sub } : 'missing';
    }
    const target = mod.names[name];
    if (target && this.facts.modules[target]) return { kind: 'module', name: target };
    if (target && this.type(target)) return { kind: 'class', type: target };
    if (target && Object.hasOwn(this.facts.functions, target)) return { kind: 'function', name: target };
    return undefined;
  }

  /** The value of calling something: a method's, function's or constructor's result. */
  callResult(sigs: Signature[] | 'open' | undefined): Value {
    if (!sigs || sigs === 'open' || !sigs.length) return undefined;
    const returns = new Set(sigs.map((s) => s.returns ?? ''));
    // Overloads that disagree on the result: unknown (the check does not resolve overloads).
    if (returns.size !== 1) {
      const outer = new Set(sigs.map((s) => (s.returns ?? '').replace(/<[\s\S]*$/, '')));
      if (outer.size !== 1) return undefined;
      const first = this.valueOfTypeText(sigs[0].returns);
      return first?.kind === 'wrapped' ? undefined : first;
    }
    return this.valueOfTypeText(sigs[0].returns);
  }

  // --- reading expressions backwards ---------------------------------------------------------------------------

  private skipBack(i: number): number {
    while (i > 0 && /\s/.test(this.masked[i - 1])) i--;
    return i;
  }

  private matchBack(close: number): number {
    const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{', '>': '<' };
    const c = this.masked[close];
    const o = pairs[c];
    let depth = 0;
    for (let i = close; i >= 0; i--) {
      if (this.masked[i] === c) depth++;
      else if (this.masked[i] === o && --depth === 0) return i;
    }
    return -1;
  }

  /** The identifier ending at `end`, with its start. */
  private identBefore(end: number): { name: string; start: number } | undefined {
    let k = end;
    while (k > 0 && isIdent(this.masked[k - 1])) k--;
    if (k === end || /^\d/.test(this.masked[k])) return undefined;
    return { name: this.masked.slice(k, end), start: k };
  }

  /** The receiver before a `.` at `dot` (a `?.` counts), or undefined when there is none to read. */
  receiverBefore(dot: number): Value {
    let end = this.skipBack(dot);
    if (this.masked[end - 1] === '?' || this.masked[end - 1] === '!') end--;
    return this.valueBefore(end);
  }

  /** What the expression that ends at `end` stands for. */
  valueBefore(end: number, depth = 0): Value {
    if (depth > 40) return undefined;
    let i = this.skipBack(end);
    const last = this.masked[i - 1];
    if (last === ')') {
      const open = this.matchBack(i - 1);
      if (open < 0) return undefined;
      let j = this.skipBack(open);
      let generic = '';
      if (this.masked[j - 1] === '>') {
        const lt = this.matchBack(j - 1);
        if (lt < 0) return undefined;
        generic = this.masked.slice(lt + 1, j - 1).trim();
        j = this.skipBack(lt);
      }
      const ident = this.identBefore(j);
      if (!ident) return undefined;
      // C#: services.GetRequiredService<T>() is a T.
      if (this.lang === 'csharp' && /^(GetRequiredService|GetService)$/.test(ident.name) && generic) return this.instanceOf(this.resolveTypeName(generic));
      const before = this.skipBack(ident.start);
      if (this.masked[before - 1] === '.') {
        const receiver = this.receiverBefore(before - 1);
        return this.resultOfCall(receiver, ident.name);
      }
      if (/\bnew\s*$/.test(this.masked.slice(Math.max(0, before - 4), before))) return this.instanceOf(this.resolveTypeName(ident.name));
      if (ident.name === 'new') return undefined;
      const callee = this.lookup(ident.name, ident.start);
      return this.resultOfCall(callee, undefined);
    }
    if (last === '}' && this.lang === 'go') {
      // A composite literal: &pkg.T{...} or pkg.T{...}.
      const open = this.matchBack(i - 1);
      const type = this.goTypeBefore(open);
      return type ? { kind: 'instance', type } : undefined;
    }
    const ident = this.identBefore(i);
    if (!ident) return undefined;
    const before = this.skipBack(ident.start);
    if (this.masked[before - 1] === '.') {
      const receiver = this.receiverBefore(before - 1);
      if (receiver?.kind === 'module') {
        const member = this.moduleMember(receiver.name, ident.name);
        return typeof member === 'string' ? undefined : member;
      }
      if (receiver?.kind === 'class') {
        const nested = `${receiver.type}.${ident.name}`;
        return this.type(nested) ? { kind: 'class', type: nested } : undefined;
      }
      return undefined;
    }
    return this.lookup(ident.name, ident.start);
  }

  private instanceOf(value: Value): Value {
    return value?.kind === 'class' ? { kind: 'instance', type: value.type } : undefined;
  }

  /** The SDK struct type of a Go composite literal whose `{` is at `open`. */
  goTypeBefore(open: number): string | undefined {
    const head = /(?:\[\]\s*)?&?\*?\s*(\w+)\.(\w+)\s*$/.exec(this.masked.slice(Math.max(0, open - 200), open));
    if (!head) return undefined;
    const pkg = this.globals.get(head[1]);
    if (pkg?.kind !== 'module') return undefined;
    const member = this.moduleMember(pkg.name, head[2]);
    return typeof member === 'object' && member?.kind === 'class' ? member.type : undefined;
  }

  resultOfCall(callee: Value, method: string | undefined): Value {
    if (!callee) return undefined;
    if (method === undefined) {
      if (callee.kind === 'class') return { kind: 'instance', type: callee.type };
      if (callee.kind === 'function') return this.callResult(this.facts.functions[callee.name]);
      return undefined;
    }
    if (callee.kind === 'wrapped') {
      // Mono.block() / Optional.get() / a Task's Result: the wrapped value.
      if (/^(block|get|join|blockFirst|blockLast)$/.test(method)) return this.valueOfTypeText(callee.inner);
      return undefined;
    }
    if (callee.kind === 'instance' || callee.kind === 'class') return this.callResult(this.member(callee.type, method));
    if (callee.kind === 'module') return this.resultOfCall(this.valueOrUndefined(this.moduleMember(callee.name, method)), undefined);
    return undefined;
  }

  private valueOrUndefined(v: Value | 'missing' | 'unknown'): Value {
    return typeof v === 'string' ? undefined : v;
  }

  // --- checks shared by the languages --------------------------------------------------------------------------

  /** Every `.name(` and `.name` in the sample, checked against the receiver's SDK type or module. */
  checkMemberUses() {
    const m = this.masked;
    for (const match of m.matchAll(/\.\s*([A-Za-z_]\w*)/g)) {
      const dot = match.index!;
      const name = match[1];
      if (isIdent(m[dot - 1]) === false && !/[)\]}>?!\s]/.test(m[dot - 1] ?? '')) continue;
      if (/\d$/.test(m.slice(0, dot))) continue; // 1.5
      const after = match.index! + match[0].length;
      let k = after;
      while (/\s/.test(m[k] ?? '')) k++;
      let genericEnd = k;
      if (m[k] === '<' && this.lang !== 'python' && this.lang !== 'go') {
        const close = matchForward(m, k);
        if (close > 0) {
          genericEnd = close + 1;
          while (/\s/.test(m[genericEnd] ?? '')) genericEnd++;
        }
      }
      const isCall = m[genericEnd] === '(';
      const receiver = this.receiverBefore(dot);
      if (!receiver) continue;
      const at = dot + 1;
      if (receiver.kind === 'module') {
        const member = this.moduleMember(receiver.name, name);
        if (member === 'missing') this.report(at, `${receiver.name} has no ${this.lang === 'go' ? 'exported name' : 'name'} ${name}`);
        else if (isCall && member && typeof member === 'object') this.checkArguments(genericEnd, this.signaturesOf(member), `${receiver.name}.${name}`);
        continue;
      }
      if (receiver.kind !== 'instance' && receiver.kind !== 'class') continue;
      // Python, Java and C#: only calls on instances are checked (attribute reads are not); Go: fields too.
      if (receiver.kind === 'instance' && !isCall && this.lang !== 'go') continue;
      if (name.startsWith('_') && this.lang === 'python') continue;
      const found = this.member(receiver.type, name);
      if (found === undefined) {
        const what = isCall ? 'method' : receiver.kind === 'class' ? 'member' : 'field or method';
        this.report(at, `${simple(receiver.type)} has no ${what} ${name}`);
      } else if (isCall && found !== 'open' && found.length) {
        this.checkArguments(genericEnd, found, `${simple(receiver.type)}.${name}`);
      }
    }
  }

  /** A callable's signatures: a class's constructors, a function's overloads. */
  signaturesOf(value: Value): Signature[] | 'open' | undefined {
    if (value?.kind === 'class') {
      const ctor = this.member(value.type, '<init>');
      return ctor === undefined ? 'open' : ctor; // no constructor recorded anywhere: the default one, not checked
    }
    if (value?.kind === 'function') return this.facts.functions[value.name];
    return undefined;
  }

  /** Python keyword arguments and C# named arguments of the call whose `(` is at `open`. */
  checkArguments(open: number, sigs: Signature[] | 'open' | undefined, what: string) {
    if (this.lang !== 'python' && this.lang !== 'csharp') return;
    if (!sigs || sigs === 'open' || !sigs.length) return;
    if (sigs.some((s) => s.params === null || s.params === undefined)) return;
    const close = matchForward(this.masked, open);
    if (close < 0) return;
    const args = splitTopLevel(this.masked.slice(open + 1, close), ',', false);
    const named = args
      .map(({ part, at }) => {
        const m = this.lang === 'python' ? /^\s*([A-Za-z_]\w*)\s*=(?!=)/.exec(part) : /^\s*([A-Za-z_]\w*)\s*:(?!:)/.exec(part);
        return m ? { name: m[1], at: open + 1 + at + part.indexOf(m[1]) } : undefined;
      })
      .filter((a): a is { name: string; at: number } => !!a);
    if (!named.length) return;
    if (sigs.some((s) => named.every((a) => s.params!.includes(a.name)))) return;
    const all = new Set(sigs.flatMap((s) => s.params!));
    const wrong = named.find((a) => !all.has(a.name));
    if (wrong) this.report(wrong.at, `${what} has no parameter ${wrong.name}`);
    else this.report(named[0].at, `${what} has no overload taking ${named.map((a) => a.name).join(', ')} together`);
  }

  /** The end of the innermost `{ }` block around an offset (brace languages), or the sample's end. */
  blockEnd(at: number): number {
    let depth = 0;
    for (let i = at; i < this.masked.length; i++) {
      if (this.masked[i] === '{') depth++;
      else if (this.masked[i] === '}') {
        if (depth === 0) return i;
        depth--;
      }
    }
    return this.masked.length;
  }

  /** The end of an expression that starts at `from`: the end of its line, past brackets left open. */
  expressionEnd(from: number, terminators = /[\n;]/): number {
    let depth = 0;
    for (let i = from; i < this.masked.length; i++) {
      const ch = this.masked[i];
      if ('([{'.includes(ch)) depth++;
      else if (')]}'.includes(ch)) {
        if (depth === 0) return i;
        depth--;
      } else if (depth === 0 && terminators.test(ch)) {
        // A Java/C# fluent chain continues on the next line with `.`.
        if (ch === '\n' && /^\s*\./.test(this.masked.slice(i + 1, i + 200))) continue;
        return i;
      }
    }
    return this.masked.length;
  }

  bind(name: string, from: number, to: number, value: () => Value) {
    this.bindings.push({ name, from, to, value });
  }
}

// --- Python --------------------------------------------------------------------------------------------------------

function checkPythonSample(c: SampleCheck) {
  const m = c.masked;
  const code = c.sample.code;
  // Imports (the masked text has the same offsets; names are not strings, so they survive masking).
  for (const imp of m.matchAll(/^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n]+)/gm)) {
    const module = imp[1];
    const root = module.split('.')[0];
    const namesAt = imp.index! + imp[0].indexOf(imp[2]);
    const names = [...imp[2].replace(/[()]/g, ' ').matchAll(/([A-Za-z_]\w*)(?:\s+as\s+([A-Za-z_]\w*))?/g)];
    const sdk = root === 'dapr' || root === 'flask_dapr';
    for (const n of names) {
      const local = n[2] ?? n[1];
      if (!sdk) {
        c.own.add(local);
        continue;
      }
      if (!c.facts.modules[module]) continue;
      const member = c.moduleMember(module, n[1]);
      if (member === 'missing') c.report(namesAt + n.index!, `${module} has no name ${n[1]}`);
      else if (member && typeof member === 'object') c.globals.set(local, member);
    }
    if (sdk && !c.facts.modules[module]) c.report(imp.index! + imp[0].indexOf(module), `module ${module} does not exist`);
  }
  for (const imp of m.matchAll(/^[ \t]*import[ \t]+([^\n]+)/gm)) {
    for (const part of imp[1].split(',')) {
      const p = /^\s*([\w.]+)(?:\s+as\s+(\w+))?/.exec(part);
      if (!p) continue;
      const root = p[1].split('.')[0];
      if (root !== 'dapr' && root !== 'flask_dapr') {
        c.own.add(p[2] ?? root);
        continue;
      }
      if (!c.facts.modules[p[1]]) {
        c.report(imp.index! + imp[0].indexOf(p[1]), `module ${p[1]} does not exist`);
        continue;
      }
      if (p[2]) c.globals.set(p[2], { kind: 'module', name: p[1] });
      else c.globals.set(root, { kind: 'module', name: root });
    }
  }
  // Sample-defined classes and functions.
  for (const d of m.matchAll(/^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+(\w+)/gm)) c.own.add(d[1]);

  // Scopes: a def's body runs to the first later line indented no deeper than the def.
  const lines = code.split('\n');
  const lineStarts: number[] = [];
  lines.reduce((at, line) => (lineStarts.push(at), at + line.length + 1), 0);
  const indent = (l: number) => /^[ \t]*/.exec(lines[l])![0].length;
  const blockEndAfterLine = (l: number) => {
    const base = indent(l);
    for (let k = l + 1; k < lines.length; k++) if (m.slice(lineStarts[k], lineStarts[k] + lines[k].length).trim() && indent(k) <= base) return lineStarts[k];
    return m.length;
  };
  const lineAt = (offset: number) => {
    let l = 0;
    while (l + 1 < lineStarts.length && lineStarts[l + 1] <= offset) l++;
    return l;
  };
  const enclosingEnd = (offset: number) => {
    for (let l = lineAt(offset); l >= 0; l--) {
      if (/^[ \t]*(async[ \t]+)?def\b/.test(lines[l]) && indent(l) < indent(lineAt(offset))) {
        const end = blockEndAfterLine(l);
        if (end > offset) return end;
      }
    }
    return m.length;
  };
  const annotationValue = (text: string, at: number): Value => {
    const t = text.trim().replace(/^Optional\[(.*)\]$/, '$1');
    if (!/^[\w.]+$/.test(t)) return undefined;
    const v = c.valueBefore(at + text.indexOf(t) + t.length);
    return v?.kind === 'class' ? { kind: 'instance', type: v.type } : undefined;
  };
  // Parameters, annotated or not (an unannotated one hides any outer binding of its name).
  for (const d of m.matchAll(/^[ \t]*(?:async[ \t]+)?def[ \t]+\w+\s*\(/gm)) {
    const open = d.index! + d[0].length - 1;
    const close = matchForward(m, open);
    if (close < 0) continue;
    const to = blockEndAfterLine(lineAt(d.index!));
    for (const { part, at } of splitTopLevel(m.slice(open + 1, close), ',', false)) {
      const p = /^\s*\**([A-Za-z_]\w*)\s*(?::\s*([^=]+))?/.exec(part);
      if (!p) continue;
      const annotationAt = open + 1 + at + (p[2] ? part.indexOf(p[2], p[1].length) : 0);
      c.bind(p[1], open, to, () => (p[2] ? annotationValue(p[2], annotationAt) : undefined));
    }
  }
  // with EXPR as NAME / NAME = EXPR / NAME: TYPE = EXPR / for NAME in.
  for (const w of m.matchAll(/\bwith\s+([\s\S]+?)\s+as\s+([A-Za-z_]\w*)/g)) {
    const end = w.index! + w[0].lastIndexOf(' as ');
    c.bind(w[2], w.index! + w[0].length, enclosingEnd(w.index!), () => c.valueBefore(end));
  }
  for (const a of m.matchAll(/^([ \t]*)([A-Za-z_]\w*)[ \t]*(?::[ \t]*([^=\n]+?))?[ \t]*=(?!=)[ \t]*/gm)) {
    const rhs = a.index! + a[0].length;
    const end = c.expressionEnd(rhs);
    const annotationAt = a[3] ? a.index! + a[0].indexOf(a[3]) : 0;
    c.bind(a[2], end, enclosingEnd(a.index! + a[1].length), () => (a[3] ? annotationValue(a[3], annotationAt) : c.valueBefore(end)));
  }
  for (const f of m.matchAll(/\bfor\s+([\w\s,]+?)\s+in\b/g)) {
    for (const n of f[1].split(',')) c.bind(n.trim(), f.index!, enclosingEnd(f.index!), () => undefined);
  }
  c.checkMemberUses();
  // Calls of imported classes and functions by their bare name: Job(name=...), RetryPolicy(...).
  for (const call of m.matchAll(/(?<![\w.])([A-Za-z_]\w*)\s*\(/g)) {
    const value = c.lookup(call[1], call.index!);
    if (value?.kind === 'class' || value?.kind === 'function') c.checkArguments(call.index! + call[0].length - 1, c.signaturesOf(value), call[1]);
  }
}

// --- Java and C# -----------------------------------------------------------------------------------------------------

const NOT_TYPES = new Set(['return', 'new', 'throw', 'else', 'case', 'await', 'yield', 'in', 'is', 'as', 'out', 'ref', 'using', 'import', 'package', 'namespace', 'class', 'static', 'final', 'public', 'private', 'protected', 'const', 'readonly', 'sealed', 'override', 'async', 'virtual', 'abstract', 'record', 'struct', 'interface', 'enum', 'void', 'goto', 'break', 'continue', 'default', 'typeof', 'sizeof', 'nameof', 'instanceof', 'extends', 'implements', 'throws', 'where', 'select', 'from', 'let', 'get', 'set', 'init', 'value', 'partial', 'required', 'this', 'base', 'super']);

function checkBraceSample(c: SampleCheck) {
  const m = c.masked;
  const java = c.lang === 'java';
  if (java) {
    for (const imp of m.matchAll(/^[ \t]*import[ \t]+(static[ \t]+)?([\w.]+?)(\.\*)?[ \t]*;/gm)) {
      const [, isStatic, name, star] = imp;
      const at = imp.index! + imp[0].indexOf(name);
      if (!name.startsWith('io.dapr.')) {
        if (!star && !isStatic) c.own.add(name.split('.').pop()!);
        continue;
      }
      if (star && !isStatic) {
        if (!c.facts.modules[name]) c.report(at, `package ${name} does not exist`);
        else c.openNamespaces.push(name);
        continue;
      }
      if (isStatic) {
        const owner = star ? name : name.slice(0, name.lastIndexOf('.'));
        const member = name.split('.').pop()!;
        if (!c.type(owner)) {
          if (!inOpenModule(c, owner)) c.report(at, `${owner} does not exist`);
        } else if (!star && c.member(owner, member) === undefined) c.report(at, `${simple(owner)} has no member ${member}`);
        continue;
      }
      if (c.type(name)) c.globals.set(name.split('.').pop()!, { kind: 'class', type: name });
      else if (!inOpenModule(c, name)) c.report(at, `${name} does not exist`);
    }
  } else {
    for (const u of m.matchAll(/^[ \t]*(?:global[ \t]+)?using[ \t]+(static[ \t]+)?(?:(\w+)[ \t]*=[ \t]*)?([\w.]+)[ \t]*;/gm)) {
      const [, isStatic, alias, name] = u;
      const at = u.index! + u[0].indexOf(name);
      if (!name.startsWith('Dapr.') && name !== 'Dapr') continue;
      if (isStatic || alias) {
        if (c.type(name)) c.globals.set(alias ?? '', { kind: 'class', type: name });
        else if (!c.facts.modules[name] && !inOpenModule(c, name)) c.report(at, `${name} does not exist`);
        continue;
      }
      if (!c.facts.modules[name]) {
        if (!inOpenModule(c, name)) c.report(at, `namespace ${name} does not exist`);
        continue;
      }
      c.openNamespaces.push(name);
    }
  }
  // The sample's own types hide SDK types of the same name.
  for (const d of m.matchAll(/\b(?:class|interface|enum|record|struct)\s+([A-Za-z_]\w*)/g)) c.own.add(d[1]);

  const typeValue = (typeText: string): Value => {
    const name = typeText.replace(/<[\s\S]*$/, '').replace(/\[\]$/, '').replace(/\?$/, '').trim();
    if (name.includes('.')) {
      // Outer.Nested through an imported outer type.
      const [first, ...rest] = name.split('.');
      const outer = c.resolveTypeName(first);
      if (outer?.kind === 'class' && c.type(`${outer.type}.${rest.join('.')}`)) return { kind: 'instance', type: `${outer.type}.${rest.join('.')}` };
      return undefined;
    }
    const v = c.resolveTypeName(name);
    return v?.kind === 'class' ? { kind: 'instance', type: v.type } : undefined;
  };
  // Declarations: `Type name = expr`, `var name = expr`, `using var name = …`, `Type name;`, parameters, catch,
  // for-each, try-with-resources, pattern variables. A declaration with a type from outside the SDK still hides.
  const TYPE = String.raw`[A-Za-z_][\w.]*(?:\s*<[^;(){}=]*?>)?(?:\[\])*\??`;
  const decl = new RegExp(String.raw`(?<![\w.$])(${TYPE})\s+([A-Za-z_]\w*)\s*(=(?![=>])|;|:(?!:)|\)|,|\bin\b)`, 'g');
  for (const d of m.matchAll(decl)) {
    const [whole, typeText, name, after] = d;
    const typeWord = typeText.replace(/<[\s\S]*$/, '').trim();
    if (NOT_TYPES.has(typeWord) || NOT_TYPES.has(name)) continue;
    const at = d.index!;
    // A method's parameter: scoped to the method's body.
    const paramOpen = enclosingParen(m, at);
    let to = c.blockEnd(at);
    if (paramOpen >= 0) {
      const close = matchForward(m, paramOpen);
      const rest = m.slice(close + 1);
      const body = /^\s*(?:throws[\w\s.,<>]*)?(\{|=>)/.exec(rest);
      if (body?.[1] === '{') to = matchForward(m, close + 1 + rest.indexOf('{'));
      else if (body) to = c.expressionEnd(close + 1 + rest.indexOf('=>') + 2, /;/);
      if (to < 0) to = m.length;
    }
    if (after.startsWith('=')) {
      const rhs = at + whole.length;
      const end = c.expressionEnd(rhs, /[;,]/);
      const awaited = /^\s*await\b/.test(m.slice(rhs, end));
      const targetTyped = /^\s*new\s*\(/.test(m.slice(rhs, end));
      c.bind(name, end, to, () => {
        if (typeWord !== 'var') return typeValue(typeText);
        if (targetTyped) return undefined;
        const v = c.valueBefore(end);
        return awaited && v?.kind === 'wrapped' ? c.valueOfTypeText(v.inner) : v?.kind === 'wrapped' ? v : v;
      });
      // C#: `Type name = new(...)` is a constructor call of Type.
      if (targetTyped && !java) {
        const t = typeValue(typeText);
        const open = rhs + m.slice(rhs).indexOf('(');
        if (t?.kind === 'instance') c.checkArguments(open, c.signaturesOf({ kind: 'class', type: t.type }), `new ${simple(t.type)}`);
      }
    } else c.bind(name, at, to, () => (typeWord === 'var' ? undefined : typeValue(typeText)));
  }
  // Lambda parameters and deconstruction hide outer names of the same spelling.
  for (const l of m.matchAll(/(?:\(([\w\s,]*)\)|\b([A-Za-z_]\w*))\s*->/g)) {
    for (const n of (l[1] ?? l[2]).split(',').map((s) => s.trim()).filter(Boolean)) c.bind(n, l.index!, c.blockEnd(l.index!), () => undefined);
  }
  if (!java) {
    for (const l of m.matchAll(/(?:\(([\w\s,]*)\)|\b([A-Za-z_]\w*))\s*=>/g)) {
      for (const n of (l[1] ?? l[2]).split(',').map((s) => s.trim().split(/\s+/).pop()!).filter(Boolean)) c.bind(n, l.index!, c.blockEnd(l.index!), () => undefined);
    }
  }
  c.checkMemberUses();
  // Constructors: `new T(` must name a constructor's parameters (C#), and `new T(...) { P = … }` its members.
  for (const n of m.matchAll(/\bnew\s+([A-Za-z_][\w.]*)\s*(<[^;(){}]*?>)?\s*([({])/g)) {
    const t = c.resolveTypeName(n[1]);
    if (t?.kind !== 'class') continue;
    let at = n.index! + n[0].length - 1;
    if (n[3] === '(') {
      c.checkArguments(at, c.signaturesOf(t), `new ${simple(t.type)}`);
      at = matchForward(m, at) + 1;
      while (/\s/.test(m[at] ?? '')) at++;
    }
    if (!java && m[at] === '{') {
      const close = matchForward(m, at);
      for (const { part, at: partAt } of splitTopLevel(m.slice(at + 1, close), ',', false)) {
        const key = /^\s*([A-Za-z_]\w*)\s*=(?!=)/.exec(part);
        if (key && c.member(t.type, key[1]) === undefined) c.report(at + 1 + partAt + part.indexOf(key[1]), `${simple(t.type)} has no property ${key[1]}`);
      }
    }
  }
}

/** The `(` of the parameter list or call an offset is directly inside, or -1. */
function enclosingParen(m: string, at: number): number {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    const ch = m[i];
    if (ch === ')' || ch === ']' || ch === '}') depth++;
    else if (ch === '(' || ch === '[') {
      if (depth === 0) return ch === '(' ? i : -1;
      depth--;
    } else if (ch === '{') {
      if (depth === 0) return -1;
      depth--;
    } else if (ch === ';' && depth === 0) return -1;
  }
  return -1;
}

/** A name under a module the SDK data lists without its names (generated code): not checkable. */
function inOpenModule(c: SampleCheck, name: string): boolean {
  return Object.entries(c.facts.modules).some(([mod, info]) => info.names === null && (name === mod || name.startsWith(`${mod}.`)));
}

// --- Go ------------------------------------------------------------------------------------------------------------

const GO_SDK = 'github.com/dapr/go-sdk';

function checkGoSample(c: SampleCheck) {
  const m = c.masked;
  const code = c.sample.code;
  // Imports: strings are masked, so read them from the code at the same offsets.
  for (const block of m.matchAll(/^\s*import\s*(\([\s\S]*?\)|[^\n]+)/gm)) {
    const text = code.slice(block.index!, block.index! + block[0].length);
    for (const im of text.matchAll(/(?:^|\n|\(|import)[ \t]*(\w+[ \t]+)?"([^"]+)"/g)) {
      const importPath = im[2];
      const at = block.index! + im.index! + im[0].indexOf('"') + 1;
      const alias = im[1]?.trim();
      if (importPath !== GO_SDK && !importPath.startsWith(`${GO_SDK}/`)) {
        c.own.add(alias ?? importPath.split('/').pop()!);
        continue;
      }
      const mod = c.facts.modules[importPath];
      if (!mod) {
        c.report(at, `package ${importPath} does not exist`);
        continue;
      }
      c.globals.set(alias ?? mod.package ?? importPath.split('/').pop()!, { kind: 'module', name: importPath });
    }
  }
  for (const d of m.matchAll(/^(?:type|func)\s+([A-Za-z_]\w*)/gm)) c.own.add(d[1]);
  const typeValue = (typeText: string): Value => {
    const q = /^\s*\*?\s*(\w+)\.(\w+)\s*$/.exec(typeText);
    if (!q) return undefined;
    const pkg = c.globals.get(q[1]);
    if (pkg?.kind !== 'module') return undefined;
    const member = c.moduleMember(pkg.name, q[2]);
    return typeof member === 'object' && member?.kind === 'class' ? { kind: 'instance', type: member.type } : undefined;
  };
  // Parameters of funcs and func literals, scoped to their body.
  for (const f of m.matchAll(/\bfunc\s*(?:\(\s*\w+\s+\*?\w+\s*\)\s*)?(?:[A-Za-z_]\w*)?\s*\(/g)) {
    const open = f.index! + f[0].length - 1;
    const close = matchForward(m, open);
    if (close < 0) continue;
    const bodyOpen = m.indexOf('{', close);
    const to = bodyOpen < 0 ? m.length : matchForward(m, bodyOpen);
    let pending: string[] = [];
    for (const { part } of splitTopLevel(m.slice(open + 1, close), ',', false)) {
      const p = /^\s*([A-Za-z_]\w*)(?:\s+(\S[\s\S]*))?$/.exec(part.trim());
      if (!p) continue;
      pending.push(p[1]);
      if (p[2]) {
        for (const name of pending) c.bind(name, open, to < 0 ? m.length : to, () => typeValue(p[2]));
        pending = [];
      }
    }
  }
  // `a, b := expr`, `a = expr`, `var a = expr`, `var a T`: the first name takes the first result.
  for (const a of m.matchAll(/(?<![\w.])(?:var\s+)?([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*(:=|=(?!=))\s*/g)) {
    const names = a[1].split(',').map((s) => s.trim());
    if (names.some((n) => ['if', 'for', 'switch', 'return', 'range'].includes(n))) continue;
    const rhs = a.index! + a[0].length;
    const end = c.expressionEnd(rhs);
    const isRange = /^range\b/.test(m.slice(rhs));
    const to = c.blockEnd(a.index!);
    names.forEach((n, i) => c.bind(n, end, to, () => (i === 0 && !isRange ? c.valueBefore(end) : undefined)));
  }
  for (const v of m.matchAll(/\bvar\s+([A-Za-z_]\w*)\s+([*\w.]+)\s*$/gm)) c.bind(v[1], v.index!, c.blockEnd(v.index!), () => typeValue(v[2]));
  c.checkMemberUses();
  // Composite literals of SDK structs: every key a field. `[]*pkg.T{ {…}, … }`: each element's keys too.
  for (const lit of m.matchAll(/(\[\]\s*)?&?\*?\s*(\w+)\.(\w+)\s*\{/g)) {
    const open = lit.index! + lit[0].length - 1;
    const type = c.goTypeBefore(open);
    if (!type || c.type(type)?.kind !== 'struct') continue;
    const close = matchForward(m, open);
    const checkKeys = (from: number, to: number) => {
      for (const { part, at } of splitTopLevel(m.slice(from, to), ',', false)) {
        const key = /^\s*([A-Za-z_]\w*)\s*:(?!=)/.exec(part);
        if (key && c.member(type, key[1]) === undefined) c.report(from + at + part.indexOf(key[1]), `${simple(type)} has no field ${key[1]}`);
      }
    };
    if (!lit[1]) checkKeys(open + 1, close);
    else {
      for (const { part, at } of splitTopLevel(m.slice(open + 1, close), ',', false)) {
        const brace = part.indexOf('{');
        if (brace >= 0 && !part.slice(0, brace).trim()) {
          const elementOpen = open + 1 + at + brace;
          checkKeys(elementOpen + 1, matchForward(m, elementOpen));
        }
      }
    }
  }
}

// --- entry point ---------------------------------------------------------------------------------------------------

/** Problems in one sample against one SDK's data (exported for the unit tests). */
export function checkSdkSample(sample: Sample, facts: SdkFacts): Problem[] {
  const lang = sample.lang as Lang;
  const c = new SampleCheck(sample, lang, facts);
  if (lang === 'python') checkPythonSample(c);
  else if (lang === 'go') checkGoSample(c);
  else checkBraceSample(c);
  return c.problems;
}

export function checkSdkSurface(root: string, samples: Sample[], facts: Partial<Record<Lang, SdkFacts>> = loadSdkFacts(root)): CheckResult {
  const ours = samples.filter((s) => s.lang in SDK_FILE);
  const checked = ours.filter((s) => s.nocheck === undefined);
  const problems: Problem[] = [];
  const missing = new Set<Lang>();
  for (const sample of checked) {
    const lang = sample.lang as Lang;
    const data = facts[lang];
    if (!data) {
      if (!missing.has(lang)) {
        missing.add(lang);
        problems.push({ file: `upstream-facts/sdk-${SDK_FILE[lang]}-<version>.json`, line: 1, check: 'sdk', message: `no SDK data for ${lang} samples: write it with npx tsx scripts/refresh-upstream-facts.ts sdk <${SDK_FILE[lang]}-sdk clone> <tag> ${SDK_FILE[lang]}` });
      }
      continue;
    }
    problems.push(...checkSdkSample(sample, data));
  }
  return { check: 'sdk', checked: checked.length, marked: ours.length - checked.length, problems };
}
