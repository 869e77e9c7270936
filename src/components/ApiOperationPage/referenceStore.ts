import { combineReducers, configureStore } from '@reduxjs/toolkit';
import accept from '@theme/ApiExplorer/Accept/slice';
import contentType from '@theme/ApiExplorer/ContentType/slice';
import schemaSelection from '@theme/ApiExplorer/SchemaSelection/slice';
import server from '@theme/ApiExplorer/Server/slice';

/** A Redux store as the theme's components see it; the reference and the explorer share one at a time. */
export type ApiStore = ReturnType<typeof createReferenceStore>;

/**
 * The slices the reference part of the page reads (media-type tabs, schema tabs, the endpoint's server)
 * without the explorer's auth, body and response slices, whose storage helpers pull in a crypto library.
 */
export function createReferenceStore(operation: Operation | undefined) {
  const { accept: acceptOptions, contentType: contentTypeOptions } = mediaTypes(operation);
  return configureStore({
    reducer: combineReducers({ accept, contentType, schemaSelection, server }),
    // The same first choices as the explorer's store, on the server and in the browser alike, so the HTML
    // hydrates unchanged and the tabs show a selection before the panel is opened.
    preloadedState: {
      accept: { value: acceptOptions[0], options: acceptOptions },
      contentType: { value: contentTypeOptions[0], options: contentTypeOptions },
      server: { value: undefined, options: operation?.servers ?? [] },
      schemaSelection: { selections: {} },
    } as never,
  }) as unknown as ReturnType<typeof configureStore>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Operation = Record<string, any>;

/** The media types a request can send (request body) and accept (2XX responses), in the spec's order. */
export function mediaTypes(operation: Operation | undefined): { accept: string[]; contentType: string[] } {
  const accept = Object.entries(operation?.responses ?? {})
    .filter(([code]) => /^2\d\d$/.test(code))
    .flatMap(([, response]) => Object.keys((response as Operation).content ?? {}));
  return { accept, contentType: Object.keys(operation?.requestBody?.content ?? {}) };
}

/** The generator writes the operation into front matter as plain JSON (`disableCompression` in the site config). */
export function operationFromFrontMatter(frontMatterApi: unknown): Operation | undefined {
  return frontMatterApi && typeof frontMatterApi === 'object' ? (frontMatterApi as Operation) : undefined;
}
