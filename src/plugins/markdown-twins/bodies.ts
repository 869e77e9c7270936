/**
 * The body of each page's twin from its source file: an API operation page from its operation in the OpenAPI
 * document, any other page from its MDX. The plugin runs this in postBuild.
 */
import fs from 'node:fs/promises';
import yaml from 'js-yaml';

import { expectShape } from '../shape';
import { mdxToMarkdown } from './mdxToMarkdown';
import { authenticationSection, findOperation, operationToMarkdown, type OpenApiDocument } from './openapiToMarkdown';

export type TwinSource = { permalink: string; sourceFile: string; label: string };
export type TwinBody = { permalink: string; body: string; isOperation: boolean };
export type TwinBodiesInput = {
  siteUrl: string;
  /** The OpenAPI document, absolute, and as the site config names it (for errors). */
  openapiFile: string;
  openapiLabel: string;
  /** Source file (absolute path) → permalink, for every doc of the site. */
  permalinkBySource: Map<string, string>;
  pages: TwinSource[];
};

/** `<MethodEndpoint method={"get"} path={"/v1.0/…"}>` in a generated operation page names its operation. */
function operationOf(mdx: string): { method: string; path: string } | undefined {
  const method = /<MethodEndpoint[\s\S]*?method=\{"([a-z]+)"\}/.exec(mdx)?.[1];
  const apiPath = /<MethodEndpoint[\s\S]*?path=\{"([^"]+)"\}/.exec(mdx)?.[1];
  return method && apiPath ? { method, path: apiPath } : undefined;
}

export async function twinBodies({ siteUrl, openapiFile, openapiLabel, permalinkBySource, pages }: TwinBodiesInput): Promise<TwinBody[]> {
  const openapi = yaml.load(await fs.readFile(openapiFile, 'utf8')) as OpenApiDocument;
  return Promise.all(
    pages.map(async ({ permalink, sourceFile, label }) => {
      const source = await fs.readFile(sourceFile, 'utf8');
      const ctx = { siteUrl, permalink, sourceFile, permalinkBySource };
      const isOperationPage = sourceFile.endsWith('.api.mdx');
      const operationRef = isOperationPage ? operationOf(source) : undefined;
      // Without its operation, the twin of an operation page would be the generated MDX: JSX, not Markdown.
      expectShape('markdown-twins', !isOperationPage || operationRef, {
        expected: `a generated operation page to name its operation as \`<MethodEndpoint method={"<method>"} path={"<path>"}\``,
        found: `no such element in ${label}`,
        fix: 'read a page the new docusaurus-plugin-openapi-docs generates (catalyst/api/*.api.mdx) and update operationOf in src/plugins/markdown-twins/bodies.ts',
      });
      const operation = operationRef && findOperation(openapi, operationRef.method, operationRef.path);
      if (operationRef && !operation) {
        throw new Error(`markdown-twins: ${label} names ${operationRef.method} ${operationRef.path}, which ${openapiLabel} lacks`);
      }
      let body = operation ? operationToMarkdown(openapi, operation, ctx) : mdxToMarkdown(source, ctx);
      // The API's landing page shows the document's security schemes under its own heading, rendered by the theme
      // from the spec (JSX the conversion drops); the twin gets the same section from the spec.
      if (sourceFile.endsWith('.info.mdx')) body = [body, ...authenticationSection(openapi, openapi.security as never)].join('\n\n');
      return { permalink, body, isOperation: Boolean(operation) };
    }),
  );
}
