// The theme's CodeBlock without its remount after hydration. The theme keys the block on "is this the browser", so
// every block is thrown away and rebuilt (and Prism re-run) once the page hydrates: its inline token colours were
// the server's colour mode. Token colours here are CSS for both modes (src/plugins/slim-prism) and the block's
// background follows the colour mode through an ordinary re-render, so the server's lines can stay.
import React, { isValidElement, type ReactNode } from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type { Props } from '@theme/CodeBlock';

/** Children that are all strings, as one string (the theme's own helper, unchanged). */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((el) => isValidElement(el))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({ children: rawChildren, ...props }: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? (
    <StringContent {...props}>{children}</StringContent>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
