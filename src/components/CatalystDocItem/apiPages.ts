import type { ComponentProps, ComponentType } from 'react';
import type DocItem from '@theme/DocItem';

/**
 * The API operation page component, filled in by src/theme/ApiExplorer/MethodEndpoint, which every generated
 * operation page's MDX imports. Docusaurus loads a route's MDX chunk before it renders the route, so by the
 * time CatalystDocItem renders an operation page the component is here, on the server and in the browser
 * alike, and no guide's chunks carry it.
 */
export const apiPages: { operation?: ComponentType<ComponentProps<typeof DocItem>> } = {};
