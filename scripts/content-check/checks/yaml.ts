// YAML samples validate. Dapr resources (Component, Subscription, Resiliency, Configuration, HTTPEndpoint, and the
// newer kinds) validate against the CRD schema dapr/dapr ships in charts/dapr/crds/ for the page's Dapr line, with
// unknown fields refused as `kubectl apply` refuses them (strict field validation); a Component's metadata names
// exist for its `type` in components/catalog.json; Helm values for the dapr chart use keys the chart has.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import yaml from 'js-yaml';
import type { CheckResult, Problem } from '../problem';
import type { Sample } from '../samples';
import type { DaprFacts, UpstreamFacts } from '../upstream';

type CatalogEntry = {
  component: string;
  version: string;
  fields?: { name: string }[];
  authenticationProfiles?: { fields?: { name: string }[] }[];
  builtinAuthenticationProfiles?: { name: string; fields?: { name: string }[] }[];
};

/** Metadata names Dapr itself reads on any component of a kind, beyond what each component declares. */
const RUNTIME_METADATA: Record<string, string[]> = {
  // pkg/runtime/processor/state: the store used for actors and workflows; keyPrefix is read for every store.
  state: ['actorStateStore', 'keyPrefix'],
  // pkg/runtime/pubsub: the consumer identity and the raw-payload switch apply to every broker.
  pubsub: ['consumerID', 'rawPayload'],
  bindings: ['direction', 'route'],
};

/** Object schemas that list properties refuse others, as the API server's strict field validation does. */
export function strictSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strictSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) out[key] = strictSchema(value);
  if (out.properties && out.additionalProperties === undefined && !out['x-kubernetes-preserve-unknown-fields']) out.additionalProperties = false;
  return out;
}

export class ComponentCatalog {
  private readonly byType = new Map<string, CatalogEntry[]>();
  constructor(entries: CatalogEntry[], private readonly builtinProfiles: Record<string, string[]>) {
    for (const entry of entries) this.byType.set(entry.component, [...(this.byType.get(entry.component) ?? []), entry]);
  }
  static load(root: string, builtinProfiles: Record<string, string[]>) {
    return new ComponentCatalog(JSON.parse(readFileSync(path.join(root, 'components/catalog.json'), 'utf8')), builtinProfiles);
  }
  has(type: string) {
    return this.byType.has(type);
  }
  /** Every metadata name a component type accepts at a version (all versions when none is given). */
  fields(type: string, version?: string): Set<string> {
    const entries = (this.byType.get(type) ?? []).filter((e) => !version || e.version === version);
    const names = new Set<string>(RUNTIME_METADATA[type.split('.')[0]] ?? []);
    for (const entry of entries.length ? entries : this.byType.get(type) ?? []) {
      entry.fields?.forEach((f) => names.add(f.name));
      entry.authenticationProfiles?.forEach((p) => p.fields?.forEach((f) => names.add(f.name)));
      for (const profile of entry.builtinAuthenticationProfiles ?? []) {
        profile.fields?.forEach((f) => names.add(f.name));
        this.builtinProfiles[profile.name]?.forEach((name) => names.add(name));
      }
    }
    return names;
  }
}

/** A key of a values file is the chart's when it is one of its keys, or lies under a key whose value is free-form. */
export function isHelmKey(key: string, keys: Set<string>): boolean {
  if (keys.has(key)) return true;
  const parts = key.split('.');
  for (let i = parts.length - 1; i > 0; i--) {
    const prefix = parts.slice(0, i).join('.');
    if (keys.has(prefix)) return ![...keys].some((k) => k.startsWith(`${prefix}.`));
  }
  return false;
}

function leafKeys(values: unknown, prefix = ''): string[] {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return prefix ? [prefix] : [];
  const entries = Object.entries(values as Record<string, unknown>);
  if (!entries.length) return prefix ? [prefix] : [];
  return entries.flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

export class YamlChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  private readonly validators = new Map<string, ValidateFunction>();
  constructor(private readonly upstream: UpstreamFacts, private readonly catalog: ComponentCatalog) {}

  private validator(facts: DaprFacts, kind: string, version: string): ValidateFunction | undefined {
    const schema = facts.crds[kind]?.versions[version];
    if (!schema) return undefined;
    const key = `${facts.tag}/${kind}/${version}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(strictSchema(schema) as object);
      this.validators.set(key, validate);
    }
    return validate;
  }

  check(sample: Sample): Problem[] {
    const at = (line: number, message: string): Problem => ({ file: sample.file, line: sample.line + line, lang: 'yaml', check: 'yaml', message });
    let docs: unknown[];
    try {
      docs = yaml.loadAll(sample.code);
    } catch (error) {
      const mark = (error as { mark?: { line: number } }).mark;
      return [at(mark?.line ?? 0, `not valid YAML: ${(error as Error).message.split('\n')[0]}`)];
    }
    const facts = this.upstream.daprFor(sample.daprLine);
    const problems: Problem[] = [];
    const lines = sample.code.split('\n');
    const lineOf = (text: string, from = 0) => Math.max(0, lines.findIndex((l, i) => i >= from && l.includes(text)));
    let docStart = 0;
    for (const doc of docs) {
      if (!doc || typeof doc !== 'object') continue;
      const resource = doc as { apiVersion?: string; kind?: string; spec?: { type?: string; version?: string; metadata?: { name?: string }[] } };
      if (typeof resource.apiVersion === 'string' && /^dapr\.io\//.test(resource.apiVersion) && resource.kind) {
        const kindLine = lineOf(`kind: ${resource.kind}`, docStart);
        docStart = kindLine;
        if (!facts) {
          problems.push(at(kindLine, `the page targets Dapr ${sample.daprLine}, newer than every data file in upstream-facts/ (newest: ${this.upstream.newestDapr().tag})`));
          continue;
        }
        const apiVersion = resource.apiVersion.split('/')[1];
        const crd = facts.crds[resource.kind];
        if (!crd) {
          problems.push(at(kindLine, `kind ${resource.kind} is not a Dapr CRD at dapr/dapr ${facts.tag} (${Object.keys(facts.crds).join(', ')})`));
          continue;
        }
        const validate = this.validator(facts, resource.kind, apiVersion);
        if (!validate) {
          problems.push(at(lineOf('apiVersion', docStart), `${resource.kind} has no version ${apiVersion} at dapr/dapr ${facts.tag} (${Object.keys(crd.versions).join(', ')})`));
          continue;
        }
        if (!validate(doc)) {
          for (const error of validate.errors ?? []) {
            const extra = error.params && 'additionalProperty' in error.params ? String(error.params.additionalProperty) : '';
            const field = error.instancePath.split('/').filter(Boolean).pop() ?? '';
            problems.push(at(lineOf(extra || field || 'spec', kindLine), `${resource.kind} ${error.instancePath || '/'} ${error.message}${extra ? `: ${extra}` : ''} (CRD schema, dapr/dapr ${facts.tag})`));
          }
        }
        if (resource.kind === 'Component' && resource.spec?.type) {
          const type = resource.spec.type;
          if (!this.catalog.has(type)) {
            problems.push(at(lineOf(`type: ${type}`, kindLine), `component type ${type} is not in components/catalog.json`));
          } else {
            const allowed = this.catalog.fields(type, resource.spec.version);
            for (const item of resource.spec.metadata ?? []) {
              if (item?.name && !allowed.has(item.name)) {
                problems.push(at(lineOf(`name: ${item.name}`, kindLine), `${type} ${resource.spec.version ?? ''} has no metadata field ${item.name} (components/catalog.json)`.replace('  ', ' ')));
              }
            }
          }
        }
      } else if (!('apiVersion' in (doc as object)) && ('global' in (doc as object) || Object.keys(doc as object).some((k) => /^dapr_/.test(k)))) {
        // Values for the dapr Helm chart (a values file passed with -f).
        if (!facts) continue;
        const keys = new Set(facts.helmKeys);
        for (const key of leafKeys(doc)) {
          if (!isHelmKey(key, keys)) problems.push(at(lineOf(`${key.split('.').pop()}:`), `${key} is not a key of the dapr Helm chart at dapr/dapr ${facts.tag}`));
        }
      }
    }
    return problems;
  }
}

export function checkYaml(samples: Sample[], checker: YamlChecker): CheckResult {
  const yamlSamples = samples.filter((s) => s.lang === 'yaml');
  const problems = yamlSamples.filter((s) => s.nocheck === undefined).flatMap((s) => checker.check(s));
  return { check: 'yaml', checked: yamlSamples.filter((s) => s.nocheck === undefined).length, marked: yamlSamples.filter((s) => s.nocheck !== undefined).length, problems };
}
