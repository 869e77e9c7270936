// The theme's code-block body, with Prism out of the first load. The server colours each block with Prism as
// before; in the browser, a block whose lines the server already rendered reuses them (serverLines.ts: Prism would
// only rebuild the same spans), and Prism is fetched only for a block with no such markup on the page: after a
// client-side navigation, in the dev server, or where a theme renders code in the browser only. Token colours come
// from CSS per colour mode (src/plugins/slim-prism), so a colour-mode switch repaints without re-rendering a line.
// Each line is a <span> shown as a block, not the theme's <div>: <code> holds phrasing content only, and a <div>
// in it is invalid HTML (the Nu HTML Checker's most common error on this site, one per code line).
import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import type { Token } from 'prism-react-renderer';
import { contentKey, useServerLines } from './serverLines';
import { useTokenLines } from './useTokenLines';
// The theme's own stylesheets: this component's (its Element variant, still in use, imports it too) and its Line's,
// whose classes (line numbers, highlighted lines) the lines below keep.
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import lineStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Line/styles.module.css';
import ownStyles from './styles.module.css';

/**
 * One code line as the theme's Line draws it (tokens, line-number cells, a closing <br> that keeps an empty line
 * one line high), in a <span> where the theme has a <div>. A line holding only a newline token is drawn empty, as
 * the theme does, so that line and its <br> do not make two.
 */
function CodeLine({ line, classNames, showLineNumbers }: { line: Token[]; classNames?: string[]; showLineNumbers: boolean }): ReactNode {
  const tokens = (line.length === 1 && line[0].content === '\n' ? [{ ...line[0], content: '' }] : line).map((token, i) => (
    <span key={i} className={clsx('token', ...token.types)}>
      {token.content}
    </span>
  ));
  return (
    <span className={clsx('token-line', showLineNumbers ? lineStyles.codeLine : ownStyles.line, classNames)}>
      {showLineNumbers ? (
        <>
          <span className={lineStyles.codeLineNumber} />
          <span className={lineStyles.codeLineContent}>{tokens}</span>
        </>
      ) : (
        tokens
      )}
      <br />
    </span>
  );
}

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
                <CodeLine key={i} line={line} classNames={lineClassNames[i]} showLineNumbers={lineNumbersStart !== undefined} />
              )),
            }
          : { dangerouslySetInnerHTML: { __html: serverLines }, suppressHydrationWarning: true })}
      />
    </pre>
  );
}
