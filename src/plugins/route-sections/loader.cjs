// Webpack loader for the browser build's .docusaurus/routes.js, registry.js and routesChunkNames.json, and for the
// sections' modules (routes.js?routesOf=<key>): hands each to split.ts with the three files as they are on disk,
// which it reads whole to plan the split. Loaders are loaded with require(), so the typed source comes through tsx.
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { require: tsxRequire } = require('tsx/cjs/api');

const { browserModule } = tsxRequire('./split.ts', __filename);

module.exports = function routeSections(source) {
  const dir = path.dirname(this.resourcePath);
  const read = (name) => {
    const file = path.join(dir, name);
    this.addDependency(file);
    return readFileSync(file, 'utf8');
  };
  const files = { routes: read('routes.js'), registry: read('registry.js'), chunkNames: read('routesChunkNames.json') };
  return browserModule(path.basename(this.resourcePath), this.resourceQuery.replace(/^\?/, ''), source, files, dir);
};
