// Moves each docs section's routes out of main.js into a module of its own (split.ts), in the browser build only:
// server rendering keeps the whole route table, so every page renders as before.
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

const GENERATED = ['routes.js', 'registry.js', 'routesChunkNames.json'];

export default function routeSections({ generatedFilesDir }: LoadContext): Plugin {
  const files = new Set(GENERATED.map((name) => path.join(generatedFilesDir, name)));
  return {
    name: 'route-sections',
    configureWebpack: (_config, isServer) => {
      if (isServer) return {};
      return {
        module: {
          rules: [{ test: (resource: string) => files.has(resource), use: [{ loader: path.join(__dirname, 'loader.cjs') }] }],
        },
      };
    },
  };
}
