/**
 * A small static server that serves build/ the way Netlify and Cloudflare Pages do for this site: a path is the
 * file, else the file plus `.html`, else the folder's `index.html`; an unknown path gets `404.html` with status
 * 404; each response carries the headers `build/_headers` gives its path (joined as both hosts join them), the
 * type its extension gives where no rule sets one, and the hosts' default Cache-Control where no rule sets one.
 * Tests use it to check the host configuration itself, which `docusaurus serve` ignores.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { HOST_DEFAULT_CACHE, headersFor, parseHeadersFile, type HeaderRule } from '../src/hostHeaders';

// The types a host gives by extension (Netlify's and Cloudflare's tables agree on these), before any rule.
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.md': 'text/markdown',
  '.txt': 'text/plain',
};

function fileFor(root: string, pathname: string): string | undefined {
  const candidates = pathname.endsWith('/') ? [`${pathname}index.html`] : [pathname, `${pathname}.html`, `${pathname}/index.html`];
  for (const candidate of candidates) {
    const file = path.join(root, decodeURIComponent(candidate));
    if (!file.startsWith(root)) return undefined;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

export function startHostServer(root: string): Promise<{ server: Server; origin: string; rules: HeaderRule[] }> {
  const rules = parseHeadersFile(readFileSync(path.join(root, '_headers'), 'utf8'));
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://host').pathname;
    const file = fileFor(root, pathname);
    const served = file ?? path.join(root, '404.html');
    const headers = headersFor(rules, pathname);
    if (!headers.has('content-type')) headers.set('content-type', TYPES[path.extname(served)] ?? 'application/octet-stream');
    if (!headers.has('cache-control')) headers.set('cache-control', HOST_DEFAULT_CACHE);
    response.writeHead(file ? 200 : 404, Object.fromEntries(headers));
    response.end(request.method === 'HEAD' ? undefined : readFileSync(served));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    resolve({ server, origin: `http://127.0.0.1:${port}`, rules });
  }));
}
