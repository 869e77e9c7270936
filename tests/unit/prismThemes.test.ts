import { test } from 'node:test';
import assert from 'node:assert/strict';
import { themes } from 'prism-react-renderer';
import { accessiblePrismTheme, contrast } from '../../src/prismThemes';

const rgb = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [
  number,
  number,
  number,
];

for (const [name, theme] of Object.entries({ github: themes.github, oceanicNext: themes.oceanicNext })) {
  test(`every token colour of ${name} reaches 4.5:1 on the block and on a highlighted line`, () => {
    const fixed = accessiblePrismTheme(theme);
    const background = rgb(fixed.plain.backgroundColor!);
    const dark = name === 'oceanicNext';
    const highlighted = background.map((v) => v * 0.92 + (dark ? 255 : 0) * 0.08) as [number, number, number];
    for (const color of [fixed.plain.color, ...fixed.styles.map((s) => s.style.color)].filter(Boolean)) {
      for (const bg of [background, highlighted]) {
        assert.ok(contrast(rgb(color!), bg) >= 4.5, `${name}: ${color} is ${contrast(rgb(color!), bg).toFixed(2)}:1`);
      }
    }
  });
}

test('colours that already pass are left alone and no style keeps an opacity', () => {
  const fixed = accessiblePrismTheme(themes.github);
  assert.equal(fixed.plain.color, '#393a34');
  assert.ok(fixed.styles.every((s) => !('opacity' in s.style)));
});
