// Webpack loader: the module becomes empty (see index.ts for which one, and why).
module.exports = function emptyModule() {
  return 'export {};\n';
};
