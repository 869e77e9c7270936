// Regenerates catalyst/api/ from openapi/ (emptied, then the OpenAPI plugin's gen command) and prints one summary line instead of the plugin's line per file.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

/** Runs a Docusaurus CLI command and resolves with its output; rejects with that output when it fails. */
function docusaurus(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['--no-install', 'docusaurus', ...args], { env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      // The plugin reports write errors with console.error but still exits 0, so any "failed" line fails the run.
      if (status !== 0 || /\bfailed\b/i.test(output)) reject(new Error(`${output}docusaurus ${args.join(' ')} failed (exit ${status})`));
      else resolve(output);
    });
  });
}

/** Writes the API pages and returns the summary line. */
export async function generateApiPages(root: string): Promise<string> {
  // catalyst/api/ holds only generated files (it is ignored by git), so emptying it does what the plugin's
  // clean-api-docs does without a second start of Docusaurus (~3.5 s of every build).
  rmSync(path.join(root, 'catalyst', 'api'), { recursive: true, force: true });
  const created = (await docusaurus(['gen-api-docs', 'all'])).match(/^Successfully created "[^"]+\.(mdx|json|ts)"$/gm) ?? [];
  return `openapi: ${created.length} files in catalyst/api`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  generateApiPages(path.join(__dirname, '..')).then(
    (summary) => console.log(summary),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
