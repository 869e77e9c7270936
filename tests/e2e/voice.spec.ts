import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// The site speaks as the product's owner: no rendered sentence may talk about its sources, about what is or is not
// "published" or "documented", or about "this site". Reads the visible text of every built page, generated
// references included, and lists each offending sentence with its page.
const BUILD = path.join(__dirname, '..', '..', 'build');

/** Phrases that talk about the documentation instead of the product. Each is narrow enough for product prose. */
export const SOURCE_TALK: { name: string; pattern: RegExp }[] = [
  // "has not been published", "have not yet been published", "was never published", "not published for Catalyst"
  // "could not be published" and "was not published to the topic" are product prose, so the verb must be a
  // perfect or a state ("has not been", "is not") and not be followed by a destination.
  { name: 'not published', pattern: /\b(?:has|have|had|is|are|was|were)\s+(?:not|never)\s+(?:yet\s+)?(?:been\s+)?(?:publicly\s+)?published\b(?!\s+(?:to|on|events?|messages?)\b)/i },
  { name: 'not yet published', pattern: /\bnot\s+yet\s+published\b|\bnot\s+published\s+(?:in|for|by|anywhere)\b/i },
  { name: 'unpublished', pattern: /\bunpublished\b/i },
  // "published material/sources/documentation/examples/samples", "Diagrid's published …"
  { name: 'published sources', pattern: /\bpublished\s+(?:material|materials|sources?|documentation|docs|examples?|samples?|pins|information|details|guidance|instructions|pages?|fact)\b/i },
  { name: 'published by', pattern: /\b(?:has|have|had)\s+(?:not\s+)?(?:yet\s+)?published\b(?!\s+(?:a|an|the|to|events?|messages?)\b)/i },
  { name: 'not documented', pattern: /\b(?:not|un|never)[\s-]*documented\b/i },
  { name: 'documented here/elsewhere', pattern: /\bdocumented\s+(?:here|elsewhere|on\s+this|in\s+(?:this|these|the\s+sources?))\b/i },
  { name: 'the documented ones', pattern: /\b(?:the|a)\s+documented\s+(?:ones?|way|flags?|values?|options?|commands?|behaviou?r)\b|\bdocumented\s+as\b/i },
  { name: 'this site', pattern: /\bthis\s+(?:site|website|documentation)\b/i },
  { name: 'these docs', pattern: /\bthese\s+(?:docs|pages|documents)\b/i },
  { name: "Diagrid's own docs", pattern: /\bDiagrid['’]s\s+(?:own\s+)?(?:documentation|docs)\b/i },
  { name: 'own documentation', pattern: /\bown\s+documentation\b/i },
  { name: 'sources this page', pattern: /\bsources?\s+(?:this|that|the)\s+page\b|\bthis\s+page\s+draws\b/i },
  { name: 'fact sheet', pattern: /\bfact[\s-]?sheets?\b/i },
  { name: 'not verified', pattern: /\b(?:not|un)[\s-]?(?:been\s+)?verified\b/i },
  { name: 'not confirmed', pattern: /\b(?:not\s+(?:been\s+)?|un)confirmed\b/i },
  { name: 'ask Diagrid', pattern: /\bask\s+Diagrid\b(?!\s+(?:support|for\s+a\s+(?:new\s+)?licen[cs]e)\b)/i },
  // A reference states the flags it knows; asking the reader to confirm them with --help hands the job back.
  { name: '--help to confirm', pattern: /--help\b[^.]{0,40}\bto\s+(?:confirm|check|verify)\b|\b(?:confirm|check|verify)\b[^.]{0,30}\bwith\s+`?[\w -]*--help/i },
  { name: '--help output was captured', pattern: /--help\s+output\s+(?:was|is|has)\b|\bwas\s+captured\b/i },
];

function builtPages(dir: string, route = ''): { route: string; file: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'assets' ? [] : builtPages(file, `${route}/${name}`);
    return name === 'index.html' ? [{ route: `${route}/`, file }] : name.endsWith('.html') && name !== '404.html' ? [{ route: `${route}/${name}`, file }] : [];
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'", '#x27': "'" };

/**
 * What a reader sees of a page: the `<main>` element without scripts, styles or tags, plus the meta description
 * that search results and link previews show.
 */
export function visibleText(html: string): string {
  const start = html.search(/<main\b/);
  const end = html.lastIndexOf('</main>');
  const main = start < 0 ? html : html.slice(start, end < 0 ? undefined : end);
  const description = html.match(/<meta\b[^>]*\bname=["']?description\b["']?[^>]*\bcontent=(?:"([^"]*)"|'([^']*)')/i);
  return `<p>${description?.[1] ?? description?.[2] ?? ''}</p>${main}`
    .replace(/<(script|style|svg|noscript)\b[\s\S]*?<\/\1>/gi, ' ')
    // Line breaks in the HTML source are only spaces to a reader; blocks are what separate sentences.
    .replace(/\s+/g, ' ')
    // The minified HTML leaves out most closing tags, so every block-level tag, opening or closing, ends a line.
    .replace(/<\/?(?:p|li|h[1-6]|td|th|tr|table|thead|tbody|ul|ol|div|pre|summary|details|dt|dd|br|section|header|blockquote)\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#?[a-z0-9]+);/gi, (whole, name: string) => ENTITIES[name.toLowerCase()] ?? (name.startsWith('#') ? String.fromCodePoint(Number(name.replace(/^#x/i, '0x').replace(/^#/, ''))) : whole))
    .replace(/[ \t]+/g, ' ');
}

/** The sentences of a text that carry one of the phrases, with the phrase's name. */
export function sourceTalk(text: string): { name: string; sentence: string }[] {
  const hits: { name: string; sentence: string }[] = [];
  for (const block of text.split(/\n+/)) {
    for (const sentence of block.split(/(?<=[.!?])\s+(?=[A-Z`"(])/)) {
      const hit = SOURCE_TALK.find(({ pattern }) => pattern.test(sentence));
      if (hit) hits.push({ name: hit.name, sentence: sentence.trim() });
    }
  }
  return hits;
}

test('the visible text includes the meta description and leaves out scripts', () => {
  const html = '<head><meta data-rh=true name=description content="Flags not documented here."/></head><main><p>Save state.<script>var x = "this site";</script></main>';
  const text = visibleText(html);
  expect(text).toContain('Flags not documented here.');
  expect(text).toContain('Save state.');
  expect(text).not.toContain('this site');
});

test('the phrase patterns catch source talk and leave product prose alone', () => {
  const talk = [
    'The exact runtime version has not been published.',
    'Numeric limits per plan are not published in these docs.',
    'What it does with the CLI set to Conductor, and which flags it takes there, has not been published.',
    'Its flags have not yet been published for Catalyst.',
    "Only part of the install is fixed by Diagrid's published material.",
    'Not documented here. Ask Diagrid for the value.',
    'This option is not documented on this site.',
    "Diagrid's own documentation has a page for it.",
    'The sources this page draws on do not say.',
    'These are the flags confirmed in published examples.',
    'The behaviour is not verified.',
    'The subcommands have not been confirmed.',
    'These docs cover the CLI only.',
    'Diagrid has not published its subcommands.',
    'Ask Diagrid before you depend on it.',
    'The egress address is documented as the address Catalyst calls your applications from.',
    'Run `diagrid subscription create --help` to confirm the flag name.',
    'Check the name of this flag with `diagrid call publish --help`.',
  ];
  const prose = [
    'Publish a message to the orders topic.',
    'The app published order 1 and the subscriber received it.',
    'Published events reach every subscriber.',
    'Published: the broker accepted the message.',
    'Every entry was published. There is no response body.',
    'Returned when at least one entry could not be published.',
    'The chart is published at oci://public.ecr.aws/diagrid/catalyst.',
    'A message that was not published to the topic is not retried.',
    'The broker returns 500 when the message could not be published.',
    'Ask Diagrid support for the CA bundle.',
    'Ask Diagrid for a new licence and plan the renewal.',
    'The App ID has published messages to the topic.',
    'Run diagrid export --help for the flags your CLI version accepts.',
  ];
  for (const sentence of talk) expect(sourceTalk(sentence), sentence).not.toEqual([]);
  for (const sentence of prose) expect(sourceTalk(sentence), sentence).toEqual([]);
});

test('no rendered page talks about its sources instead of the product', () => {
  const pages = builtPages(BUILD);
  expect(pages.length, 'pages in build/').toBeGreaterThan(100);
  const found: string[] = [];
  for (const { route, file } of pages) {
    for (const { name, sentence } of sourceTalk(visibleText(readFileSync(file, 'utf8')))) {
      found.push(`${route} [${name}]: ${sentence.slice(0, 240)}`);
    }
  }
  expect(found, `${found.length} sentences talk about sources:\n${found.join('\n')}`).toEqual([]);
});
