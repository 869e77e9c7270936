import MDXComponents from '@theme-original/MDXComponents';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

// Registered once here so that pages use <Tabs> and <TabItem> without import lines.
export default {
  ...MDXComponents,
  Tabs,
  TabItem,
};
