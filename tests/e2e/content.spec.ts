import { test, expect } from '@playwright/test';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

// Guide pages must be real pages: enough body text to answer a question and no placeholder wording.
const BUILD = path.join(__dirname, '..', '..', 'build');
const MIN_WORDS = 300;
const PLACEHOLDER = /\b(lorem ipsum|coming soon|to be written|TBD|TODO|FIXME|placeholder page|content goes here)\b/i;
// Generated reference pages (CLI commands, components) are terse by nature (usage, flags, fields, samples), but
// still have to say something.
const MIN_WORDS_REFERENCE = 120;
const isReference = (route: string) => /^\/(catalyst|conductor)\/references\/(cli|components)-reference\//.test(route);
// Index pages introduce their children and may be shorter.
const INDEX_PAGES = new Set(['/catalyst/quickstarts/', '/catalyst/concepts/diagrid-services/']);

function builtPages(dir: string, route = ''): { route: string; file: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return builtPages(file, `${route}/${name}`);
    return name === 'index.html' ? [{ route: `${route}/`, file }] : [];
  });
}

/** The text of the theme's `.markdown` container: what the writer wrote, without navigation or footer. */
function bodyText(html: string): string {
  const start = html.search(/<div class="[^"]*\bmarkdown\b[^"]*"/);
  if (start < 0) return '';
  const end = html.indexOf('<footer', start);
  return html
    .slice(start, end < 0 ? undefined : end)
    .replace(/<(script|style|svg)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ');
}

const guides = builtPages(path.join(BUILD, 'catalyst'), '/catalyst')
  .concat(builtPages(path.join(BUILD, 'conductor'), '/conductor'))
  .concat(builtPages(path.join(BUILD, 'enterprise-dapr'), '/enterprise-dapr'))
  .concat(builtPages(path.join(BUILD, 'workflow-composer'), '/workflow-composer'))
  // Generated API operation pages are reference tables, judged by the API tests instead.
  .filter(({ route }) => !route.startsWith('/catalyst/api/'))
  .map(({ route, file }) => ({ route: route.replace(/\/(?=.)$/, ''), file }))
  .map(({ route, file }) => ({ route: route === '/catalyst' ? '/catalyst/' : route, file }));

test('the build has guide pages to check', () => {
  expect(guides.length).toBeGreaterThan(30);
});

for (const { route, file } of guides) {
  test(`${route} has enough body text and no placeholder wording`, () => {
    const text = bodyText(readFileSync(file, 'utf8'));
    const words = text.split(/\s+/).filter(Boolean).length;
    const min = isReference(route) ? MIN_WORDS_REFERENCE : MIN_WORDS;
    if (!INDEX_PAGES.has(route)) expect(words, `${route} has ${words} words`).toBeGreaterThanOrEqual(min);
    expect(text.match(PLACEHOLDER)?.[0], `${route} carries placeholder wording`).toBeUndefined();
  });
}

// A component a hosted Catalyst project cannot use must not show a `diagrid` command that creates it there; the
// Redis page stands for the others, which do show one, so a renamed command fails here too.
const COMPONENTS_REFERENCE = path.join(BUILD, 'catalyst', 'references', 'components-reference');
// Code blocks split tokens into spans, so the text between words is any run of whitespace.
const HOSTED_CREATE = /diagrid\s+component\s+create|diagrid\s+apply\s+-f/;
const hostedDescriptions = yaml.load(readFileSync(path.join(__dirname, '..', '..', 'components', 'descriptions.yaml'), 'utf8')) as {
  hostedLimits: Record<string, unknown>;
  hostedSampleFields?: Record<string, string[]>;
};
const hostedLimited = Object.keys(hostedDescriptions.hostedLimits);

test('component pages offer a hosted create command only where a hosted project can use the component', () => {
  expect(hostedLimited.length).toBeGreaterThan(0);
  const pageText = (component: string) => {
    const [type, ...rest] = component.split('.');
    return bodyText(readFileSync(path.join(COMPONENTS_REFERENCE, type, rest.join('-'), 'index.html'), 'utf8'));
  };
  expect(pageText('state.redis')).toMatch(HOSTED_CREATE);
  for (const component of hostedLimited) expect(pageText(component), component).not.toMatch(HOSTED_CREATE);
  // A backend that works once a field points away from the runtime's machine shows that field in its command.
  for (const [component, fields] of Object.entries(hostedDescriptions.hostedSampleFields ?? {}))
    for (const field of fields) expect(pageText(component), component).toMatch(new RegExp(`--metadata\\s+${field}\\s*=`));
});
