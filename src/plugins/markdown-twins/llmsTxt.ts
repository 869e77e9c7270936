/**
 * The text of the llms.txt index files (llmstxt.org shape: name, summary, one list per section) and of a
 * twin, kept free of file access so the unit tests can read them directly.
 */
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

/** A whole twin: `# Title`, the description as a quote, then the body. */
export function twinDocument(title: string, description: string | undefined, body: string): string {
  const parts = [`# ${oneLine(title)}`];
  if (oneLine(description)) parts.push(`> ${oneLine(description)}`);
  if (body.trim()) parts.push(body.trim());
  return `${parts.join('\n\n')}\n`;
}

function pageLine(siteUrl: string, page: TwinEntry): string {
  // Descriptions may link to site paths; a tool reading the index needs them absolute.
  const description = oneLine(page.description).replace(/\]\(\//g, `](${siteUrl}/`);
  return `- [${oneLine(page.title)}](${siteUrl}${page.twin})${description ? `: ${description}` : ''}`;
}

function sectionBlock(siteUrl: string, section: SectionEntries, heading: string): string {
  const lines = [`${heading} ${section.label}`, '', oneLine(section.pitch), ''];
  lines.push(...section.pages.map((page) => pageLine(siteUrl, page)));
  return lines.join('\n');
}

/** The site-wide /llms.txt: the site, what the platform is, and every section's pages. */
export function siteLlmsTxt(siteUrl: string, siteTitle: string, summary: string, sections: SectionEntries[]): string {
  const parts = [`# ${siteTitle}`, `> ${oneLine(summary)}`];
  parts.push('Every page below links to its Markdown version. Each section also has its own index and one file with all of its pages:');
  parts.push(sections.map((s) => `- ${s.label}: ${siteUrl}${s.route}llms.txt and ${siteUrl}${s.route}llms-full.txt`).join('\n'));
  parts.push(...sections.map((section) => sectionBlock(siteUrl, section, '##')));
  return `${parts.join('\n\n')}\n`;
}

/** A section's own llms.txt. */
export function sectionLlmsTxt(siteUrl: string, siteTitle: string, section: SectionEntries): string {
  const parts = [`# ${section.label} (${siteTitle})`, `> ${oneLine(section.pitch)}`];
  parts.push(`All of these pages in one file: ${siteUrl}${section.route}llms-full.txt`);
  parts.push(['## Pages', '', ...section.pages.map((page) => pageLine(siteUrl, page))].join('\n'));
  return `${parts.join('\n\n')}\n`;
}

/** A section's llms-full.txt: its twins in sidebar order, each followed by the address of its page. */
export function sectionLlmsFullTxt(siteUrl: string, twins: { entry: TwinEntry; markdown: string }[]): string {
  return twins
    .map(({ entry, markdown }) => `${markdown.trimEnd()}\n\nPage: ${siteUrl}${entry.permalink}\n`)
    .join('\n---\n\n');
}
