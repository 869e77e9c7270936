// On the bundling run of a large site (scripts/build-site.ts sets SERIAL_BUNDLING from TWO_PROCESSES_FROM pages up),
// Rspack compiles the server bundle after the client bundle instead of beside it. Docusaurus hands Rspack both
// configurations at once and they compile in parallel, so their code generation, minification and emit, the end of
// the bundling where its memory peaks, came at the same moment. A configuration's `dependencies` (webpack's and
// Rspack's MultiCompiler option) makes the server compiler wait until the client compiler is done.
import type { Plugin } from '@docusaurus/types';

/** The switch scripts/build-site.ts sets on its bundling run. */
export const SERIAL_BUNDLING = 'DIAGRID_SERIAL_BUNDLING';

/** What the plugin adds to one compiler's configuration: `name` is the configuration's, `isServer` which one it is. */
export function serialBundlingConfig(name: string | undefined, isServer: boolean): { dependencies?: string[] } {
  const expected = isServer ? 'server' : 'client';
  if (name !== expected) {
    throw new Error(
      `[serial-bundling] expected Docusaurus to name its ${expected} compiler "${expected}", found ${JSON.stringify(name)}: ` +
        'update src/plugins/serial-bundling (UPGRADING.md row build:two-process)',
    );
  }
  return isServer ? { dependencies: ['client'] } : {};
}

export default function serialBundling(): Plugin {
  return {
    name: 'serial-bundling',
    configureWebpack: (config, isServer) => (process.env[SERIAL_BUNDLING] === 'true' ? serialBundlingConfig(config.name, isServer) : {}),
  };
}
