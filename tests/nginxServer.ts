/**
 * nginx serving build/ with the server block the site ships (deploy/nginx.conf), changed only where a test must:
 * the port, the root, and the absolute paths of the two includes (Debian's mime.types, and the CSP line that
 * `scripts/write-host-headers.ts --nginx` prints for this build). Tests use it to check what only a server can do:
 * content negotiation of a page's Markdown twin.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const ROOT = path.join(__dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** deploy/nginx.conf with this machine's port, root and include paths; fails loudly if a line it changes moved. */
export function siteBlockFor(shipped: string, { port, root, mimeTypes, csp }: { port: number; root: string; mimeTypes: string; csp: string }): string {
  const swaps: [RegExp, string][] = [
    [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`],
    [/^(\s*)root \/var\/www\/diagrid-docs;$/m, `$1root ${root};`],
    [/^(\s*)include mime\.types;$/m, `$1include ${mimeTypes};`],
    [/^(\s*)include snippets\/diagrid-docs-csp\.conf;$/m, `$1include ${csp};`],
  ];
  return swaps.reduce((text, [line, replacement]) => {
    if (!line.test(text)) throw new Error(`deploy/nginx.conf: no line matching ${line} (the test server changes it)`);
    return text.replace(line, replacement);
  }, shipped);
}

export async function startNginx(buildDir: string): Promise<{ origin: string; stop: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-docs-'));
  const port = await freePort();
  const csp = path.join(dir, 'csp.conf');
  writeFileSync(csp, execFileSync('npx', ['tsx', path.join(ROOT, 'scripts/write-host-headers.ts'), '--nginx'], { cwd: ROOT, encoding: 'utf8' }));
  const site = siteBlockFor(readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8'), { port, root: buildDir, mimeTypes: '/etc/nginx/mime.types', csp });
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${dir}/${name};`).join(' ');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  ${temp}\n${site}\n}\n`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(`${origin}/`);
      break;
    } catch (error) {
      if (attempt > 50 || child.exitCode !== null) throw new Error(`nginx did not start: ${String(error)}; see ${dir}/error.log`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    origin,
    stop: () => {
      child.kill('SIGQUIT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
