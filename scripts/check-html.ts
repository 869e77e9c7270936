// `npm run check:html [folder]`: the Nu HTML Checker (vnu.jar, the engine of the W3C validator) over every HTML page
// of the production build (build/ unless a folder is given). Prints each error as `page:line:column message` with
// the markup around it, then a count per message, and exits 1 on any error.
//
// Only errors are asked for (--errors-only). vnu's warnings and info notes are advice, not invalid markup; the most
// common one on this site, "Trailing slash on void elements has no effect" (React writes `<br/>`), is an info note
// about a syntax HTML allows, so it is not a defect either. There is no filter of messages here: every error vnu
// reports fails the check.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');
export const VNU_JAR = path.join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar');
// Arguments per java run: one JVM start (~1 s) checks many pages, and a command line stays well under ARG_MAX.
const BATCH_CHARS = 60_000;

/** One message of vnu's JSON output (https://github.com/validator/validator/wiki/Output-»-JSON). */
export interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  extract?: string;
}

/** Every .html file under a folder, as paths relative to it, sorted. */
export function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.html')) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

/** Splits the files into runs whose arguments add up to at most `maxChars`. */
export function batches(files: string[], maxChars = BATCH_CHARS): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const file of files) {
    if (current.length && size + file.length + 1 > maxChars) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(file);
    size += file.length + 1;
  }
  if (current.length) out.push(current);
  return out;
}

/** Runs vnu over files (relative to dir) and returns its messages. Throws, saying what to install, when it cannot run. */
export function runVnu(dir: string, files: string[], java = process.env.JAVA ?? 'java'): VnuMessage[] {
  const messages: VnuMessage[] = [];
  for (const batch of batches(files)) {
    const run = spawnSync(java, ['-jar', VNU_JAR, '--format', 'json', '--errors-only', '--exit-zero-always', ...batch], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    if (run.error) {
      throw new Error(
        `Cannot run ${java} (${run.error.message}). The HTML check needs Java: run 'sudo apt-get install -y default-jre-headless' ` +
          '(or set JAVA to a java binary) and try again.',
      );
    }
    // vnu writes its JSON report to stderr; anything else there (a JVM failure) is not JSON.
    let report: { messages: VnuMessage[] };
    try {
      report = JSON.parse(run.stderr);
    } catch {
      throw new Error(`vnu did not report (exit code ${run.status}):\n${run.stderr.slice(0, 2000)}`);
    }
    messages.push(...report.messages);
  }
  return messages;
}

/** The page a message is about, as a path relative to the checked folder (`catalyst/index.html`). */
export function pageOf(message: VnuMessage, dir: string): string {
  if (!message.url) return '(no file)';
  const file = message.url.startsWith('file:') ? decodeURIComponent(new URL(message.url).pathname) : message.url;
  return path.relative(path.resolve(dir), path.resolve(dir, file)).split(path.sep).join('/');
}

/** What fails the check: errors and files vnu could not read; not info notes or warnings. */
export const isFailure = (message: VnuMessage) => message.type !== 'info';

/** One line per failing message: `page:line:column message`, then the markup around it. */
export function formatMessage(message: VnuMessage, dir: string): string {
  const where = message.lastLine === undefined ? '' : `:${message.lastLine}:${message.firstColumn ?? message.lastColumn}`;
  const extract = message.extract ? `\n    ${message.extract.replace(/\s+/g, ' ').trim()}` : '';
  return `${pageOf(message, dir)}${where} ${message.type === 'error' ? '' : `[${message.type}] `}${message.message}${extract}`;
}

/** Failing messages counted by their text, most frequent first, each with the number of pages it is on. */
export function countByMessage(failures: VnuMessage[], dir: string): { message: string; count: number; pages: number }[] {
  const byText = new Map<string, { count: number; pages: Set<string> }>();
  for (const failure of failures) {
    const entry = byText.get(failure.message) ?? { count: 0, pages: new Set<string>() };
    entry.count++;
    entry.pages.add(pageOf(failure, dir));
    byText.set(failure.message, entry);
  }
  return [...byText]
    .map(([message, { count, pages }]) => ({ message, count, pages: pages.size }))
    .sort((a, b) => b.count - a.count || a.message.localeCompare(b.message));
}

// Printed in full up to this many; past it, the count per message says the rest.
const PRINT_LIMIT = 200;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const started = Date.now();
  const dir = path.resolve(process.argv[2] ?? path.join(ROOT, 'build'));
  const files = htmlFiles(dir);
  if (files.length === 0) {
    console.error(`No HTML pages under ${dir}: run the production build (npm run build) first.`);
    process.exit(1);
  }
  const failures = runVnu(dir, files).filter(isFailure);
  failures.slice(0, PRINT_LIMIT).forEach((failure) => console.error(formatMessage(failure, dir)));
  if (failures.length > PRINT_LIMIT) console.error(`… and ${failures.length - PRINT_LIMIT} more.`);
  if (failures.length) {
    console.error('\ncount  pages  message');
    for (const { message, count, pages } of countByMessage(failures, dir)) {
      console.error(`${String(count).padStart(5)}  ${String(pages).padStart(5)}  ${message}`);
    }
  }
  const pages = new Set(failures.map((failure) => pageOf(failure, dir))).size;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\nNu HTML Checker: ${failures.length} error(s) on ${pages} of ${files.length} page(s), ${seconds} s.`);
  process.exit(failures.length ? 1 : 0);
}
