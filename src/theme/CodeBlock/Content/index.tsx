// The theme's code-block body, with Prism out of the first load. The server colours each block with Prism as
// before; in the browser, a block whose lines the server already rendered reuses them (serverLines.ts: Prism would
// only rebuild the same spans), and Prism is fetched only for a block with no such markup on the page: after a
// client-side navigation, in the dev server, or where a theme renders code in the browser only. Token colours come
// from CSS per colour mode (src/plugins/slim-prism), so a colour-mode switch repaints without re-rendering a line.
import React, { type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import Line from '@theme/CodeBlock/Line';
import type { Token } from 'prism-react-renderer';
import { contentKey, useServerLines } from './serverLines';
import { useTokenLines } from './useTokenLines';
// The theme's own stylesheet for this component (its Element variant, still in use, imports it too).
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

type LineProps = ComponentProps<typeof Line>;

const getLineProps: LineProps['getLineProps'] = ({ line: _line, className, ...rest }) => ({
  ...rest,
  className: clsx('token-line', className),
});

const getTokenProps: LineProps['getTokenProps'] = ({ token, className, ...rest }) => ({
  ...rest,
  className: clsx('token', ...token.types, className),
  children: token.content,
});

export default function CodeBlockContent({ className }: { className?: string }): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext();
  const { code, lineNumbersStart, lineClassNames } = metadata;
  const language = metadata.language.toLowerCase();
  const key = contentKey(`${language}\n${lineNumbersStart}\n${JSON.stringify(lineClassNames)}\n${code}`);
  const serverLines = useServerLines(key, code);
  const lines: Token[][] | undefined = useTokenLines(code, language, serverLines === undefined);
  return (
    <pre
      ref={wordWrap.codeBlockRef}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the theme's: a scrollable block takes focus
      tabIndex={0}
      className={clsx(className, `prism-code language-${language}`, styles.codeBlock, 'thin-scrollbar')}>
      <code
        data-lines={key}
        className={clsx(styles.codeBlockLines, lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering)}
        style={lineNumbersStart === undefined ? undefined : { counterReset: `line-count ${lineNumbersStart - 1}` }}
        {...(serverLines === undefined
          ? {
              children: lines?.map((line, i) => (
                <Line
                  key={i}
                  line={line}
                  getLineProps={getLineProps}
                  getTokenProps={getTokenProps}
                  classNames={lineClassNames[i]}
                  showLineNumbers={lineNumbersStart !== undefined}
                />
              )),
            }
          : { dangerouslySetInnerHTML: { __html: serverLines }, suppressHydrationWarning: true })}
      />
    </pre>
  );
}
