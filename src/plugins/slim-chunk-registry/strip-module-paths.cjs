// Webpack loader for the browser build's `.docusaurus/registry.js`: empties each entry's module path (see index.ts),
// and fails the build if the registry's shape changes so that no path is found, rather than silently doing nothing.
module.exports = function stripModulePaths(source) {
  let stripped = 0;
  const result = source.replace(/(\), )"[^"\n]*"(, require\.resolveWeak\()/g, (_match, before, after) => {
    stripped += 1;
    return `${before}""${after}`;
  });
  // Every site has routes, so a registry with no entry of the expected form has changed shape. A loader runs
  // outside our TypeScript, so the message is written in the shape of src/plugins/shape.ts's by hand.
  if (stripped === 0) {
    const found = source.split('\n').find((line) => /\bimport\(/.test(line));
    throw new Error(
      `[slim-chunk-registry] expected .docusaurus/registry.js entries \`"<chunk>": [() => import(…), "<module path>", require.resolveWeak(…)]\`, ` +
        `found ${found ? `\`${found.trim().slice(0, 160)}\`` : 'no entry with an import()'} in ${this.resourcePath}: ` +
        'read the new registry.js and update the pattern in src/plugins/slim-chunk-registry/strip-module-paths.cjs, or delete the plugin if the registry no longer ships module paths',
    );
  }
  return result;
};
