// Reading a V8 CPU profile (`node --cpu-prof`, or the inspector's Profiler.stop): the functions with
// the most self time, and with the most total time (their callees included), as shares of the run.

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileEntry {
  /** `name file:line`, the file shortened to node_modules/<package>, bench/.out, or the runtime's module. */
  fn: string;
  /** Shares of all sampled time, in percent. */
  self: number;
  total: number;
}

/** Where a frame's code lives, shortened; "(native/gc)" for the runtime's own frames. */
export const shortUrl = (url: string) =>
  url.replace(/^.*\/(node_modules\/[^/]+|bench\/\.out|\.tmp)\//, "$1/").replace(/^file:\/\//, "") || "(native/gc)";

/** Every function's self and total time; a function that calls itself is counted once per sample. */
export function profileEntries(profile: CpuProfile): { entries: ProfileEntry[]; files: Map<string, number> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const key = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    return `${functionName || "(anonymous)"} ${shortUrl(url)}:${lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const files = new Map<string, number>();
  let all = 0;
  for (const [i, id] of profile.samples.entries()) {
    const us = profile.timeDeltas[i] ?? 0;
    all += us;
    const fn = key(id);
    self.set(fn, (self.get(fn) ?? 0) + us);
    const file = shortUrl(byId.get(id)!.callFrame.url);
    files.set(file, (files.get(file) ?? 0) + us);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) onStack.add(key(at));
    for (const name of onStack) total.set(name, (total.get(name) ?? 0) + us);
  }
  const pct = (us: number) => (100 * us) / (all || 1);
  const entries = [...total].map(([fn, us]) => ({ fn, self: pct(self.get(fn) ?? 0), total: pct(us) }));
  return { entries, files: new Map([...files].map(([f, us]) => [f, pct(us)])) };
}

/** The `n` entries with the most self time, or total time. */
export const topBy = (entries: ProfileEntry[], by: "self" | "total", n: number, keep: (e: ProfileEntry) => boolean = () => true) =>
  entries
    .filter(keep)
    .sort((a, b) => b[by] - a[by])
    .slice(0, n);
