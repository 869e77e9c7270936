// The docs plugin, except that each version's route props no longer carry every doc's description. Docusaurus
// loads those props on every page of a section (with the sidebar); the descriptions are only read by doc cards,
// which no page renders, and they were two thirds of the Catalyst section's props (12.7 of 18 KB gzipped).
import docsPlugin, { validateOptions } from '@docusaurus/plugin-content-docs';
import type { LoadContext, Plugin, RouteConfig } from '@docusaurus/types';
import type { LoadedContent, PluginOptions } from '@docusaurus/plugin-content-docs';

type VersionDocs = Record<string, { description?: string }>;

/** The route with its version props' docs stripped of descriptions, at any depth of the route tree. */
function withoutDescriptions(route: RouteConfig): RouteConfig {
  const version = route.props?.version as { docs?: VersionDocs } | undefined;
  const docs = version?.docs
    ? Object.fromEntries(Object.entries(version.docs).map(([id, { description: _description, ...doc }]) => [id, doc]))
    : undefined;
  return {
    ...route,
    ...(docs && { props: { ...route.props, version: { ...version, docs } } }),
    ...(route.routes && { routes: route.routes.map(withoutDescriptions) }),
  };
}

export default async function docsWithoutDescriptions(
  context: LoadContext,
  options: PluginOptions,
): Promise<Plugin<LoadedContent>> {
  const plugin = await docsPlugin(context, options);
  const { contentLoaded } = plugin;
  return {
    ...plugin,
    contentLoaded: contentLoaded
      ? (args) =>
          contentLoaded({
            ...args,
            actions: { ...args.actions, addRoute: (route) => args.actions.addRoute(withoutDescriptions(route)) },
          })
      : undefined,
  };
}

export { validateOptions };
