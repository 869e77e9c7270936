/**
 * The text of the llms.txt index files (llmstxt.org shape: name, summary, one list per section) and of a
 * twin, kept free of file access so the unit tests can read them directly.
 */
import { twinPath } from './twinPath';
export type TwinEntry = {
  title: string;
  description?: string;
  /** Route of the HTML page, e.g. /catalyst/concepts/appids */
  permalink: string;
  /** Route of its twin, e.g. /catalyst/concepts/appids.md */
  twin: string;
};

export type SectionEntries = {
  label: string;
  pitch: string;
  /** Route of the section, e.g. /catalyst/ */
  route: string;
  /** Pages in sidebar order. */
  pages: TwinEntry[];
};

function oneLine(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * A whole twin: `# Title`, the description as a quote, a line pointing at the site's index (`llmsTxt`, its URL)
 * when given, then the body. The pointer sits at the top, where an agent reading only the start still sees it.
 */
export function twinDocument(title: string, description: string | undefined, body: string, llmsTxt?: string): string {
  const parts = [`# ${oneLine(title)}`];
  if (oneLine(description)) parts.push(`> ${oneLine(description)}`);
  if (llmsTxt) parts.push(`Index of these docs for AI tools: [llms.txt](${llmsTxt})`);
  if (body.trim()) parts.push(body.trim());
  return `${parts.join('\n\n')}\n`;
}

/**
 * A part of a section large enough for an llms.txt of its own (a generated reference of a hundred pages), so no
 * index file passes the 50,000 characters agents are known to read whole.
 */
export type OwnIndex = {
  /** Route of the part, e.g. /catalyst/references/components-reference/ */
  route: string;
  label: string;
  pitch: string;
};

/** One line of the site's llms.txt, or of a section's, pointing at another index. */
export type IndexLink = OwnIndex;

/** Links in a description name site pages; in an index they point at the pages' Markdown twins instead. */
function descriptionLinks(siteUrl: string, description: string): string {
  return description.replace(/\]\((\/[^)\s]*)\)/g, (_, url: string) => `](${siteUrl}${twinPath(url)})`);
}

function pageLine(siteUrl: string, page: TwinEntry): string {
  const description = descriptionLinks(siteUrl, oneLine(page.description));
  return `- [${oneLine(page.title)}](${siteUrl}${page.twin})${description ? `: ${description}` : ''}`;
}

function indexLine(siteUrl: string, index: IndexLink, extra = ''): string {
  return `- [${oneLine(index.label)}](${siteUrl}${index.route}llms.txt): ${oneLine(index.pitch)}${extra}`;
}

/** The pages of `pages` that belong to none of `ownIndexes` (they are listed there instead). */
export function outsideOwnIndexes(pages: TwinEntry[], ownIndexes: OwnIndex[]): TwinEntry[] {
  return pages.filter((page) => !ownIndexes.some((index) => page.permalink.startsWith(index.route)));
}

/**
 * The site-wide /llms.txt: the site, what the platform is, and a line per section and per part with an index of
 * its own. It lists no pages itself: the whole list would be far past what an agent reads in one go.
 */
export function siteLlmsTxt(siteUrl: string, siteTitle: string, summary: string, sections: SectionEntries[], ownIndexes: OwnIndex[] = []): string {
  const parts = [`# ${siteTitle}`, `> ${oneLine(summary)}`];
  parts.push(
    'Each index below lists its pages, each linked to its Markdown version with a one-line description. Each section also has one file with the whole text of all of its pages (llms-full.txt).',
  );
  parts.push(['## Sections', '', ...sections.map((s) => indexLine(siteUrl, s, ` All its pages in one file: ${siteUrl}${s.route}llms-full.txt`))].join('\n'));
  if (ownIndexes.length) parts.push(['## References', '', ...ownIndexes.map((index) => indexLine(siteUrl, index))].join('\n'));
  return `${parts.join('\n\n')}\n`;
}

/** A section's own llms.txt: its pages, less those of a part with an index of its own, which it links instead. */
export function sectionLlmsTxt(siteUrl: string, siteTitle: string, section: SectionEntries, ownIndexes: OwnIndex[] = []): string {
  const mine = ownIndexes.filter((index) => index.route.startsWith(section.route));
  const parts = [`# ${section.label} (${siteTitle})`, `> ${oneLine(section.pitch)}`];
  parts.push(`All of these pages in one file: ${siteUrl}${section.route}llms-full.txt`);
  parts.push(['## Pages', '', ...outsideOwnIndexes(section.pages, mine).map((page) => pageLine(siteUrl, page))].join('\n'));
  if (mine.length) parts.push(['## References', '', ...mine.map((index) => indexLine(siteUrl, index))].join('\n'));
  return `${parts.join('\n\n')}\n`;
}

/** The llms.txt of a part of a section with an index of its own. */
export function ownLlmsTxt(siteUrl: string, section: SectionEntries, index: OwnIndex): string {
  const pages = section.pages.filter((page) => page.permalink.startsWith(index.route));
  const parts = [`# ${index.label} (${section.label})`, `> ${oneLine(index.pitch)}`];
  parts.push(`The rest of ${section.label}: ${siteUrl}${section.route}llms.txt`);
  parts.push(['## Pages', '', ...pages.map((page) => pageLine(siteUrl, page))].join('\n'));
  return `${parts.join('\n\n')}\n`;
}

/** A section's llms-full.txt: its twins in sidebar order, each followed by the address of its page. */
export function sectionLlmsFullTxt(siteUrl: string, twins: { entry: TwinEntry; markdown: string }[]): string {
  return twins
    .map(({ entry, markdown }) => `${markdown.trimEnd()}\n\nPage: ${siteUrl}${entry.permalink}\n`)
    .join('\n---\n\n');
}

/** A product card on the home page: the section, its pitch and where to start. */
export type HomeCard = { label: string; pitch: string; landing: string; startHere: { label: string; to: string } };

/** What the home page shows, from `src/homePage.ts`. */
export type HomeContent = {
  hero: { title: string; lead: string; firstCall: { label: string; to: string } };
  productsHeading: string;
  popularHeading: string;
  popular: { to: string; label: string; why: string }[];
};

/**
 * The home page's twin: the hero, one card per product and the popular starting points, in the page's words, each
 * link pointing at the Markdown twin of the page the card links.
 */
export function homeTwin(siteUrl: string, home: HomeContent, cards: HomeCard[], llmsTxt: string): string {
  const link = (label: string, to: string) => `[${label}](${siteUrl}${twinPath(to)})`;
  const body = [
    link(home.hero.firstCall.label, home.hero.firstCall.to),
    `## ${home.productsHeading}`,
    ...cards.flatMap((card) => [
      `### ${link(card.label, card.landing)}`,
      oneLine(card.pitch),
      ...(card.startHere.to !== card.landing ? [link(`${card.startHere.label} →`, card.startHere.to)] : []),
    ]),
    `## ${home.popularHeading}`,
    home.popular.map((item) => `- ${link(item.label, item.to)}\n  ${oneLine(item.why)}`).join('\n'),
  ];
  return twinDocument(home.hero.title, home.hero.lead, body.join('\n\n'), llmsTxt);
}
