import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import { colorModeInlineScript } from '../../src/colorMode';

/** Runs the inline script against a fake page: stored theme value, OS preference and query string. */
function run(stored: string | null, osPrefersDark: boolean, search = '') {
  const attributes: Record<string, string> = { 'data-theme': 'x', 'data-theme-choice': 'x' };
  const context = {
    document: { documentElement: { setAttribute: (k: string, v: string) => (attributes[k] = v) } },
    localStorage: { getItem: (k: string) => (k === 'theme' ? stored : null) },
    matchMedia: () => ({ matches: osPrefersDark }),
    location: { search },
    URLSearchParams,
  };
  vm.runInNewContext(colorModeInlineScript, context);
  return attributes;
}

test('a first visit is dark whatever the OS prefers', () => {
  assert.deepEqual(run(null, false), { 'data-theme': 'dark', 'data-theme-choice': 'dark' });
  assert.deepEqual(run(null, true), { 'data-theme': 'dark', 'data-theme-choice': 'dark' });
});

test('a stored "system" choice follows the OS', () => {
  assert.deepEqual(run('system', false), { 'data-theme': 'light', 'data-theme-choice': 'system' });
  assert.deepEqual(run('system', true), { 'data-theme': 'dark', 'data-theme-choice': 'system' });
});

test('an explicit light or dark choice is left to the theme', () => {
  assert.deepEqual(run('light', true), { 'data-theme': 'x', 'data-theme-choice': 'x' });
  assert.deepEqual(run('dark', false), { 'data-theme': 'x', 'data-theme-choice': 'x' });
});

test('a garbage stored value falls back to dark', () => {
  assert.equal(run('<img>', false)['data-theme'], 'dark');
});

test('the ?docusaurus-theme= query string wins', () => {
  assert.deepEqual(run(null, false, '?docusaurus-theme=light'), { 'data-theme': 'x', 'data-theme-choice': 'x' });
});
