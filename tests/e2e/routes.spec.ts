import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The project's own copy of the route map (a clone has no ../shared). Only the routes this site already
// serves are required here; tests/routes.txt marks the rest "pending" until their pages exist.
const lines = readFileSync(path.join(__dirname, '..', 'routes.txt'), 'utf8').split('\n');
const required = lines
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#') && !line.startsWith('pending '))
  .map((line) => line.replace(/\*$/, ''));

test('the route list is not empty', () => {
  expect(required.length).toBeGreaterThan(6);
});

for (const route of required) {
  test(`serves ${route}`, async ({ request }) => {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('Page not found');
    expect(html).toMatch(/<title[^>]*>[^<]+<\/title>/);
  });
}
