// Where a server's processor time went, by layer: reads a V8 .cpuprofile (a bench run with
// BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR") and sums each sample's self time by what ran it: a package
// (fastify, pg, react-dom/server, eta...), our own folders (server/routes, server/table-api/list..., found
// through the bundle's source map), Node's own modules, the garbage collector. A function's own time only: a
// layer's figure is what its code did, not what it called. Note that V8 counts a sample that lands in a
// system call (a socket write, mostly) as the calling function's time, whether the processor was busy or not.
// `--top N` lists each layer's N costliest functions; `--peaks NAME` the seconds in which a layer, or a
// function with all it called (as renderToString), took the most of the busy time (work that comes in bursts:
// drawing again what a cache lost).
//   node --import tsx bench/lib/profile-layers.ts DIR/CPU.*.cpuprofile [--top 10] [--peaks renderToString]
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Source maps of the bundles a profile names, read once each (null: the file has none). */
const maps = new Map<string, SourceMap | null>();

function sourceMapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
    } catch {
      maps.set(file, null);
    }
  }
  return maps.get(file)!;
}

/** The layer a frame's code belongs to. */
function layerOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:'))
    return `node:${
      url
        .slice(5)
        .replace(/^internal\//, '')
        .split('/')[0]
    }`;
  const packageAt = url.lastIndexOf('/node_modules/');
  if (packageAt >= 0) {
    const [scope, name, sub] = url.slice(packageAt + '/node_modules/'.length).split('/');
    const pkg = scope!.startsWith('@') ? `${scope}/${name}` : scope!;
    // React's server renderer apart from the rest of react-dom (its file names say which).
    return pkg === 'react-dom' && /server/.test(url.slice(packageAt))
      ? 'react-dom/server'
      : pkg === 'react-dom'
        ? `react-dom (${sub})`
        : pkg;
  }
  const file = url.startsWith('file:') ? fileURLToPath(url) : url;
  const source = sourceMapOf(file)?.findEntry(frame.lineNumber, frame.columnNumber);
  const original = source && 'originalSource' in source ? source.originalSource : file;
  return ourFolder(original);
}

/** A source file of ours as its folder from the project root (server/table-api/list), a package's as its name. */
function ourFolder(source: string): string {
  const path = source.startsWith('file:') ? fileURLToPath(source) : source;
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return pkg[1]!;
  const ours = /(?:^|\/)((?:server|common|islands|views)(?:\/[^/]+)*)\/[^/]+$/.exec(path);
  return ours ? ours[1]!.split('/').slice(0, 3).join('/') : path;
}

function main(): void {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args.splice(at, 2)[1] : undefined;
  };
  const top = Number(option('--top') ?? 0);
  const peaks = option('--peaks');
  /** Per second of each profile: busy time, and the --peaks layer's. */
  const seconds: Array<{ busy: number; layer: number }> = [];
  if (!args.length) throw new Error('usage: profile-layers.ts FILE.cpuprofile... [--top N]');
  const byLayer = new Map<string, { ms: number; functions: Map<string, number> }>();
  let busy = 0;
  for (const file of args) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parents = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((child) => [child, n.id] as const)));
    /** Whether the sample's node is the --peaks function or is called from it. */
    const inPeaks = new Map<number, boolean>();
    const under = (id: number | undefined): boolean => {
      if (id === undefined) return false;
      let found = inPeaks.get(id);
      if (found === undefined) inPeaks.set(id, (found = nodes.get(id)!.callFrame.functionName === peaks || under(parents.get(id))));
      return found;
    };
    const layers = new Map<number, string>();
    const first = seconds.length;
    let at = 0;
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id)!;
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      at += ms;
      if (node.callFrame.functionName === '(idle)') return;
      let layer = layers.get(id);
      if (layer === undefined) layers.set(id, (layer = layerOf(node.callFrame)));
      busy += ms;
      const second = (seconds[first + Math.floor(at / 1000)] ??= { busy: 0, layer: 0 });
      second.busy += ms;
      if (layer === peaks || under(id)) second.layer += ms;
      const entry = byLayer.get(layer) ?? { ms: 0, functions: new Map() };
      entry.ms += ms;
      const fn = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').at(-1)}:${node.callFrame.lineNumber + 1}`;
      entry.functions.set(fn, (entry.functions.get(fn) ?? 0) + ms);
      byLayer.set(layer, entry);
    });
  }
  console.log(`busy (not idle): ${busy.toFixed(0)} ms`);
  for (const [layer, { ms, functions }] of [...byLayer].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(`${((100 * ms) / busy).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(7)} ms  ${layer}`);
    for (const [fn, fms] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`                      ${((100 * fms) / busy).toFixed(1).padStart(5)} %  ${fn}`);
  }
  if (peaks) {
    const shares = seconds.flatMap((s, i) => (s && s.busy > 100 ? [{ i, share: (100 * s.layer) / s.busy }] : []));
    const sorted = [...shares].sort((a, b) => b.share - a.share);
    console.log(
      `${peaks}: its share of each busy second (over 100 ms busy), median ${sorted[sorted.length >> 1]?.share.toFixed(1)} %; highest:`,
    );
    console.log(
      sorted
        .slice(0, 10)
        .map((s) => `  second ${s.i}: ${s.share.toFixed(1)} %`)
        .join('\n'),
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
