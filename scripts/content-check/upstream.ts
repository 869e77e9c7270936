// Loads the data in upstream-facts/ (written by scripts/refresh-upstream-facts.ts from upstream tags) and picks the
// file for the Dapr line a page speaks of. A page that targets a newer line than any file holds is an error.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type DaprFacts = {
  upstream: string;
  tag: string;
  crds: Record<string, { file: string; group: string; plural: string; versions: Record<string, Record<string, unknown>> }>;
  errorCodes: string[];
  daprNames: string[];
  helmKeys: string[];
};
export type DaprCliFacts = { tag: string; rootFlags: string[]; commands: Record<string, { subcommands: string[]; flags: string[] }> };
export type HelmChartFacts = { tag: string; chart: string; helmKeys: string[] };
export type ContribFacts = { tag: string; builtinAuthenticationProfiles: Record<string, string[]> };

const version = (tag: string) => tag.replace(/^v/, '').split('.').map(Number);
export const compareVersions = (a: string, b: string) => {
  const [x, y] = [version(a), version(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};

export class UpstreamFacts {
  private readonly dapr: DaprFacts[];
  readonly cli: DaprCliFacts;
  readonly contrib: ContribFacts;
  private readonly charts: HelmChartFacts[];
  private readonly sdkEnvNames: string[];

  constructor(readonly dir: string) {
    const names = readdirSync(dir).filter((n) => n.endsWith('.json'));
    const load = <T>(prefix: RegExp) =>
      names
        .filter((n) => prefix.test(n))
        .map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as T & { tag: string })
        .sort((a, b) => compareVersions(b.tag, a.tag));
    this.dapr = load<DaprFacts>(/^dapr-\d/);
    this.cli = load<DaprCliFacts>(/^dapr-cli-/)[0];
    this.contrib = load<ContribFacts>(/^components-contrib-/)[0];
    this.charts = load<HelmChartFacts>(/^helm-/);
    this.sdkEnvNames = load<{ envNames?: string[] }>(/^sdk-/).flatMap((sdk) => sdk.envNames ?? []);
    if (!this.dapr.length || !this.cli || !this.contrib) throw new Error(`${dir} lacks a dapr-, dapr-cli- or components-contrib- data file`);
  }

  static load(root: string) {
    return new UpstreamFacts(path.join(root, 'upstream-facts'));
  }

  /**
   * The data file for a Dapr line (`1.18`) or release (`1.18.3`): the file of that minor line, as long as it is not
   * older than the release asked for. Undefined when no file is that new.
   */
  daprFor(target: string): DaprFacts | undefined {
    const line = target.replace(/^v/, '').split('.').slice(0, 2).join('.');
    const facts = this.dapr.find((d) => d.tag.replace(/^v/, '').startsWith(`${line}.`));
    if (!facts || (target.split('.').length >= 3 && compareVersions(facts.tag, target) < 0)) return undefined;
    return facts;
  }

  /** Keys of a third-party chart (`prometheus-community/prometheus`), from upstream-facts/helm-*.json. */
  helmChart(chart: string): HelmChartFacts | undefined {
    return this.charts.find((facts) => facts.chart === chart);
  }

  /** Every `DAPR_*` name an SDK reads (`envNames` of upstream-facts/sdk-*.json). */
  sdkEnvironment(): string[] {
    return this.sdkEnvNames;
  }

  newestDapr(): DaprFacts {
    return this.dapr[0];
  }
}
