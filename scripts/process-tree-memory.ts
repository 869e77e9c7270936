// Peak memory of a process and all its descendants, for the bench: polls /proc (Linux) and sums the resident set of the tree, because `/usr/bin/time -v` reports only the largest single process and a build runs npx → node → workers.

import { readFileSync, readdirSync } from 'node:fs';

export type ProcessRow = { pid: number; ppid: number; rssBytes: number; name: string; cpuTicks: number };

/** Clock ticks per second of utime and stime in /proc (USER_HZ, 100 on Linux on every common architecture). */
export const CLOCK_TICKS = 100;

const PAGE_SIZE = 4096;

/**
 * One line of /proc/<pid>/stat. The command name sits in parentheses and may itself hold spaces or parentheses,
 * so the fields are counted from the last `)`: then state, ppid, … and rss (in pages) is field 24 of the line.
 */
export function parseProcStat(line: string, pageSize = PAGE_SIZE): ProcessRow | undefined {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const pid = Number(line.slice(0, open).trim());
  const rest = line.slice(close + 2).split(' ');
  // rest[0] is field 3 (state); field n is rest[n - 3].
  const ppid = Number(rest[1]);
  const rssPages = Number(rest[21]);
  // utime and stime (fields 14 and 15): CPU time of all the process's threads.
  const cpuTicks = Number(rest[11]) + Number(rest[12]);
  if (!Number.isInteger(pid) || !Number.isInteger(ppid) || !Number.isFinite(rssPages) || !Number.isFinite(cpuTicks)) return undefined;
  return { pid, ppid, rssBytes: rssPages * pageSize, name: line.slice(open + 1, close), cpuTicks };
}

/** Every process now running, as /proc shows it (processes that end while it is read are skipped). */
export function readProcessTable(): ProcessRow[] {
  const rows: ProcessRow[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const row = parseProcStat(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (row) rows.push(row);
    } catch {
      // gone between the listing and the read
    }
  }
  return rows;
}

/** The process `root` and its descendants, from one snapshot of the table. */
export function processTree(table: ProcessRow[], root: number): ProcessRow[] {
  const children = new Map<number, ProcessRow[]>();
  for (const row of table) children.set(row.ppid, [...(children.get(row.ppid) ?? []), row]);
  const tree: ProcessRow[] = [];
  const queue = table.filter((row) => row.pid === root);
  const seen = new Set<number>();
  while (queue.length) {
    const row = queue.shift()!;
    if (seen.has(row.pid)) continue;
    seen.add(row.pid);
    tree.push(row);
    queue.push(...(children.get(row.pid) ?? []));
  }
  return tree;
}

export type MemorySample = {
  t: number;
  treeRss: number;
  largest: { name: string; pid: number; rss: number } | null;
  processes: number;
  /** Resident bytes summed per command name (node, chromium, …), to see which kind of process holds the memory. */
  byName: Record<string, number>;
};

/**
 * Samples the tree under `root` every `intervalMs` (100 ms by default) until stopped; `t` is seconds since the
 * sampler started. Returns the samples so far and a stop function.
 */
export function sampleProcessTree(
  root: number,
  intervalMs = 100,
): { samples: MemorySample[]; stop: () => MemorySample[]; cpuSeconds: () => number } {
  const samples: MemorySample[] = [];
  const started = Date.now();
  // The last CPU time seen of each process of the tree: their sum is the tree's CPU time, less the last interval
  // of each process, which a build on a busy machine measures better than its wall time.
  const cpuByPid = new Map<number, number>();
  const take = () => {
    const tree = processTree(readProcessTable(), root);
    for (const row of tree) cpuByPid.set(row.pid, Math.max(row.cpuTicks, cpuByPid.get(row.pid) ?? 0));
    const largest = tree.reduce<ProcessRow | null>((a, b) => (a && a.rssBytes >= b.rssBytes ? a : b), null);
    samples.push({
      t: (Date.now() - started) / 1000,
      treeRss: tree.reduce((sum, row) => sum + row.rssBytes, 0),
      largest: largest && { name: largest.name, pid: largest.pid, rss: largest.rssBytes },
      processes: tree.length,
      byName: tree.reduce<Record<string, number>>((acc, row) => ({ ...acc, [row.name]: (acc[row.name] ?? 0) + row.rssBytes }), {}),
    });
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    samples,
    stop: () => {
      clearInterval(timer);
      return samples;
    },
    cpuSeconds: () => [...cpuByPid.values()].reduce((sum, ticks) => sum + ticks, 0) / CLOCK_TICKS,
  };
}
