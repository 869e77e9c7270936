// Moves each docs section's routes out of main.js into a module of its own (split.ts), in the browser build only:
// server rendering keeps the whole route table, so every page renders as before.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { WebpackPluginInstance } from 'webpack';
import { SectionChunkTables } from './chunkTable';
import { planFromFiles } from './split';

const GENERATED = ['routes.js', 'registry.js', 'routesChunkNames.json'];

export default function routeSections({ generatedFilesDir }: LoadContext): Plugin {
  const files = new Set(GENERATED.map((name) => path.join(generatedFilesDir, name)));
  return {
    name: 'route-sections',
    configureWebpack: (config, isServer) => {
      if (isServer) return {};
      const read = (name: string) => readFileSync(path.join(generatedFilesDir, name), 'utf8');
      const sectionGroups = () =>
        planFromFiles({ routes: read('routes.js'), registry: read('registry.js'), chunkNames: read('routesChunkNames.json') }, generatedFilesDir).sections.map(
          (section) => section.chunkName,
        );
      return {
        // Production only: the tables' shape is read from the runtime Rspack writes for a production build.
        // Docusaurus's configureWebpack is typed with webpack's plugin type; Docusaurus Faster runs Rspack's.
        plugins: config.mode === 'production' ? [new SectionChunkTables(sectionGroups) as unknown as WebpackPluginInstance] : [],
        module: {
          rules: [{ test: (resource: string) => files.has(resource), use: [{ loader: path.join(__dirname, 'loader.cjs') }] }],
        },
      };
    },
  };
}
