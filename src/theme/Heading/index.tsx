import React, { useContext, type ComponentProps, type ReactNode } from 'react';
import Heading from '@theme-original/Heading';
import CopyPage, { PageActionsContext } from '@site/src/components/CopyPage';

type Props = ComponentProps<typeof Heading>;

// A doc page's title is followed by its page actions (Copy page, View as Markdown, llms.txt): the title comes first
// in the document, before the controls that act on the page, for readers and for AI tools that convert the HTML and
// look for where the page's content starts. Guides, CLI and component pages and API operations all title themselves
// with this component; only pages under the docs layout show the actions (PageActionsContext), not a not-found page.
export default function HeadingWithPageActions(props: Props): ReactNode {
  const withActions = useContext(PageActionsContext);
  if (props.as !== 'h1' || !withActions) return <Heading {...props} />;
  return (
    <>
      <Heading {...props} />
      <CopyPage />
    </>
  );
}
