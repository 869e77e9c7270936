// Loaded when the reader asks for the request explorer: the theme's explorer and the store it needs, set up
// as the theme's own ApiItem sets them up in the browser.
// The panel's form, code tabs and response styles, split out of the theme's stylesheet (patches/) so that they
// load with the panel instead of with every API page.
import 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/explorer-panel.scss';
import ApiExplorer from '@theme/ApiExplorer';
import { createAuth } from '@theme/ApiExplorer/Authorization/slice';
import { createPersistenceMiddleware } from '@theme/ApiExplorer/persistenceMiddleware';
import { createStorage } from '@theme/ApiExplorer/storage-utils';
import { createStoreWithState } from '@theme/ApiItem/store';
import { mediaTypes, type ApiStore, type Operation } from '@site/src/components/ApiOperationPage/referenceStore';

export default ApiExplorer;

type ParamIn = 'path' | 'query' | 'header' | 'cookie';

/** A parameter's first value: its schema default, else its example (the theme's prefill order). */
function prefill(param: Operation): unknown {
  const firstNamedExample =
    param.examples && typeof param.examples === 'object' ? (Object.values(param.examples)[0] as Operation)?.value : undefined;
  return param.schema?.default ?? param.example ?? param.schema?.example ?? firstNamedExample;
}

/**
 * The explorer's full store. The reference's tab choices (media types, schema variants) come from the store
 * the page used until now; everything else starts as the theme starts it, the server from the tab's storage.
 */
export function createExplorerStore(operation: Operation, reference: Operation, options: Record<string, unknown>): ApiStore {
  const params: Record<ParamIn, Operation[]> = { path: [], query: [], header: [], cookie: [] };
  for (const param of (operation.parameters ?? []) as Operation[]) {
    const value = prefill(param);
    params[param.in as ParamIn]?.push(value !== undefined ? { ...param, value } : param);
  }
  const storage = createStorage((options.authPersistence as string) ?? 'sessionStorage');
  const saved = storage.getItem('server');
  const server = saved ? JSON.parse(saved) : undefined;
  const { accept, contentType } = mediaTypes(operation);
  return createStoreWithState(
    {
      accept: { value: reference.accept?.value ?? accept[0], options: accept },
      contentType: { value: reference.contentType?.value ?? contentType[0], options: contentType },
      server: { value: server?.url ? server : undefined, options: operation.servers ?? [] },
      response: { value: undefined },
      body: { type: 'empty' },
      params,
      auth: createAuth({ security: operation.security, securitySchemes: operation.securitySchemes, options }),
      schemaSelection: reference.schemaSelection ?? { selections: {} },
      encodingSelection: {},
    },
    [createPersistenceMiddleware(options)],
  ) as unknown as ApiStore;
}
