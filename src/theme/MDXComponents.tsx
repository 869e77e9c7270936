import MDXComponents from '@theme-original/MDXComponents';
// The classic theme's Tabs, not the OpenAPI theme's copy that @theme/Tabs resolves to: that copy exists for the API
// pages' own tab bars (which import it themselves) and brings its vendored tab utilities to every guide.
import Tabs from '@theme-init/Tabs';
import TabItem from '@theme-init/TabItem';

// Registered once here so that pages use <Tabs> and <TabItem> without import lines.
export default {
  ...MDXComponents,
  Tabs,
  TabItem,
};
