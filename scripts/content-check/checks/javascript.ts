// JavaScript and TypeScript samples compile against the real Dapr JavaScript SDK. Each sample is a module of its
// own (ESM, top-level await allowed), type-checked by tsc with `checkJs`, so a method, field or argument the SDK does
// not have is an error at the sample's line. The SDK comes from the npm registry at the version pinned below.
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import type { CheckResult, Problem } from '../problem';
import type { Sample } from '../samples';

/** The @dapr/dapr release that matches each Dapr runtime line the pages speak of; package.json pins the same one. */
export const JS_SDK_FOR_LINE: Record<string, string> = { '1.17': '3.17.0' };

const OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: ['node'],
  allowJs: true,
  checkJs: true,
  noEmit: true,
  skipLibCheck: true,
  strict: false,
  noImplicitAny: false,
  esModuleInterop: true,
};

export function checkJavaScript(root: string, samples: Sample[], sdkVersion = installedSdkVersion(root)): CheckResult {
  const problems: Problem[] = [];
  const js = samples.filter((s) => s.lang === 'javascript' || s.lang === 'typescript');
  const marked = js.filter((s) => s.nocheck !== undefined);
  const checked = js.filter((s) => s.nocheck === undefined);
  const virtual = new Map<string, Sample>();
  checked.forEach((sample, index) => {
    const wanted = JS_SDK_FOR_LINE[sample.daprLine];
    if (!wanted) {
      problems.push({ file: sample.file, line: sample.line, lang: sample.lang, check: 'javascript', message: `the page targets Dapr ${sample.daprLine}, but the JavaScript SDK is pinned only for ${Object.keys(JS_SDK_FOR_LINE).join(', ')} (scripts/content-check/checks/javascript.ts)` });
      return;
    }
    if (wanted !== sdkVersion) {
      problems.push({ file: sample.file, line: sample.line, lang: sample.lang, check: 'javascript', message: `the page targets Dapr ${sample.daprLine} (@dapr/dapr ${wanted}), but node_modules has @dapr/dapr ${sdkVersion}` });
      return;
    }
    // Inside the repository so that module resolution finds node_modules; never written to disk.
    virtual.set(path.join(root, '.content-check', `sample-${index}.${sample.lang === 'typescript' ? 'mts' : 'mjs'}`), sample);
  });
  if (virtual.size === 0) return { check: 'javascript', checked: 0, marked: marked.length, problems };

  const host = ts.createCompilerHost(OPTIONS);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => virtual.get(path.resolve(name))?.code ?? readFile(name);
  host.fileExists = (name) => virtual.has(path.resolve(name)) || fileExists(name);
  host.getSourceFile = (name, language, onError, shouldCreate) => {
    const sample = virtual.get(path.resolve(name));
    return sample ? ts.createSourceFile(name, sample.code, language, true) : getSourceFile(name, language, onError, shouldCreate);
  };
  const program = ts.createProgram({ rootNames: [...virtual.keys()], options: OPTIONS, host });
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const sample = diagnostic.file && virtual.get(path.resolve(diagnostic.file.fileName));
    if (!sample || diagnostic.start === undefined) continue;
    const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start);
    problems.push({
      file: sample.file,
      line: sample.line + line,
      lang: sample.lang,
      check: 'javascript',
      message: `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')} (@dapr/dapr ${sdkVersion})`,
    });
  }
  return { check: 'javascript', checked: virtual.size, marked: marked.length, problems };
}

function installedSdkVersion(root: string): string {
  const require = createRequire(path.join(root, 'package.json'));
  return (require('@dapr/dapr/package.json') as { version: string }).version;
}
