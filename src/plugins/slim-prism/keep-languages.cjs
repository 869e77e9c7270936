// Webpack loader for prism-react-renderer's dist/index.mjs: replaces its block of bundled grammars with the prismjs
// grammar files in `options.files` (see index.ts). Fails the build if the block's markers are not found.
const { readFileSync } = require('node:fs');

const START = '// src/prism-langs.ts\nvar Prism = __toESM(require_prism());\n';
const END = '// src/themes/index.ts\n';

module.exports = function keepLanguages(source) {
  const { files } = this.getOptions();
  const start = source.indexOf(START);
  const end = source.indexOf(END, start);
  if (start < 0 || end < 0) {
    throw new Error(
      `[slim-prism] expected prism-react-renderer's bundled grammars between \`// src/prism-langs.ts\` and \`// src/themes/index.ts\`, ` +
        `found ${start < 0 ? 'no start marker' : 'no end marker'} in ${this.resourcePath}: ` +
        'read the new dist/index.mjs and update START and END in src/plugins/slim-prism/keep-languages.cjs',
    );
  }
  // Each prismjs grammar file is a script that extends the free variable `Prism`; the wrapper hands it this one.
  const grammars = files.map((file) => {
    this.addDependency(file);
    return `(function (Prism) {\n${readFileSync(file, 'utf8')}\n})(Prism);\n`;
  });
  return `${source.slice(0, start + START.length)}${grammars.join('')}\n${source.slice(end)}`;
};
