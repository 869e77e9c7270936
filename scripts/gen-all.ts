// `npm run gen`: regenerates the API, CLI and components reference pages in one process (the OpenAPI plugin's generator called directly, not through a Docusaurus start); one summary line each.
import path from 'node:path';
import { generateApiPages } from './gen-api-docs';
import { generateCliReferences } from './gen-cli-docs';
import { generate as generateComponents } from './gen-components-docs';

async function main(): Promise<number> {
  const root = path.join(__dirname, '..');
  const api = generateApiPages(root);
  // Settled here so that a failure of the API pages is reported after the others rather than left unhandled.
  const apiResult = api.then(
    (summary) => ({ summary, error: undefined }),
    (error: Error) => ({ summary: undefined, error }),
  );
  const cli = generateCliReferences(root);
  const components = generateComponents(root);
  const { summary, error } = await apiResult;
  const problems = [...cli.problems, ...components.problems, ...(error ? [error.message] : [])];
  for (const problem of problems) console.error(problem);
  if (summary) console.log(summary);
  for (const line of cli.summaries) console.log(line);
  if (!components.problems.length) console.log(components.summary);
  return problems.length ? 1 : 0;
}

main().then((code) => process.exit(code));
