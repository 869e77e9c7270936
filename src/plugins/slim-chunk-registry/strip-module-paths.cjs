// Webpack loader for the browser build's `.docusaurus/registry.js`: empties each entry's module path (see index.ts),
// and fails the build if the registry's shape changes so that no path is found, rather than silently doing nothing.
module.exports = function stripModulePaths(source) {
  let stripped = 0;
  const result = source.replace(/(\), )"[^"\n]*"(, require\.resolveWeak\()/g, (_match, before, after) => {
    stripped += 1;
    return `${before}""${after}`;
  });
  if (stripped === 0 && /resolveWeak/.test(source)) {
    throw new Error(`slim-chunk-registry: no module path found in ${this.resourcePath}; has the registry's format changed?`);
  }
  return result;
};
