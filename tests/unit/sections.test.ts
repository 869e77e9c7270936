import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sections, landingPath } from '../../src/sections';

const root = path.join(__dirname, '..', '..');

test('exactly one section is the default docs instance, and it is Conductor', () => {
  const defaults = sections.filter((s) => s.id === 'default');
  assert.equal(defaults.length, 1);
  assert.equal(defaults[0].routeBasePath, 'conductor');
});

test('ids, folders and routes are unique', () => {
  for (const key of ['id', 'folder', 'routeBasePath'] as const) {
    const values = sections.map((s) => s[key]);
    assert.equal(new Set(values).size, values.length, `duplicate ${key}`);
  }
});

test('every section has its folder, sidebar file and landing document', () => {
  for (const s of sections) {
    assert.ok(existsSync(path.join(root, s.folder)), `${s.folder}/ is missing`);
    assert.ok(existsSync(path.join(root, s.sidebarPath)), `${s.sidebarPath} is missing`);
    const landing = ['.md', '.mdx'].some((ext) => existsSync(path.join(root, s.folder, s.landingDocId + ext)));
    assert.ok(landing, `${s.folder}/${s.landingDocId}.md(x) is missing`);
  }
});

test('landing paths are the section route with a trailing slash', () => {
  assert.deepEqual(
    sections.map(landingPath),
    ['/catalyst/', '/conductor/', '/enterprise-dapr/', '/workflow-composer/'],
  );
});

test('pitches are one short sentence each', () => {
  for (const s of sections) {
    assert.ok(s.pitch.length > 30 && s.pitch.length < 160, `${s.id} pitch length ${s.pitch.length}`);
    assert.ok(s.startHere.to.startsWith('/'), `${s.id} start link must be site-absolute`);
  }
});
