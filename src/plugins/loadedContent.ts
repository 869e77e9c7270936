/**
 * The shape of the docs and pages plugins' loaded content (Docusaurus's `allContent`), which markdown-twins and
 * build-checks read in allContentLoaded: asserted so that a moved field stops the build naming the plugin.
 */
import { describe, expectShape, isRecord } from './shape';

const FIX = "read the docs and pages plugins' loadContent in the new version and update src/plugins/markdown-twins (and src/plugins/build-checks, which reads the same content)";

/**
 * Asserts the loaded content this plugin reads: per docs instance `{ loadedVersions: [{ docs: [{ id, title,
 * source, permalink, frontMatter }], sidebars }] }`, one for each section; the pages plugin's `default` a list of
 * `{ type, permalink, source }`.
 */
export function expectLoadedContent(allContent: Record<string, Record<string, unknown>>, sectionIds: string[], plugin: string): void {
  const docs = allContent['docusaurus-plugin-content-docs'] ?? {};
  for (const id of sectionIds) {
    const content = docs[id];
    const versions = isRecord(content) ? content.loadedVersions : undefined;
    const ok =
      Array.isArray(versions) &&
      versions.length > 0 &&
      versions.every(
        (v) => isRecord(v) && isRecord(v.sidebars) && Array.isArray(v.docs) &&
          v.docs.every((d) => isRecord(d) && ['id', 'title', 'source', 'permalink'].every((k) => typeof d[k] === 'string') && isRecord(d.frontMatter)),
      );
    expectShape(plugin, ok, {
      expected: `the docs plugin's loaded content for instance ${id}: { loadedVersions: [{ docs: [{ id, title, source, permalink, frontMatter }], sidebars }] }`,
      found: () => (Array.isArray(versions) ? `loadedVersions ${describe(versions)}${isRecord(versions[0]) && Array.isArray(versions[0].docs) ? `, docs ${describe(versions[0].docs)}` : ''}` : describe(content)),
      fix: FIX,
    });
  }
  const pages = (allContent['docusaurus-plugin-content-pages'] ?? {}).default;
  expectShape(plugin, Array.isArray(pages) && pages.every((p) => isRecord(p) && typeof p.type === 'string' && typeof p.permalink === 'string' && typeof p.source === 'string'), {
    expected: "the pages plugin's loaded content: a list of { type: 'jsx' | 'mdx', permalink, source }",
    found: () => describe(pages),
    fix: FIX,
  });
}

