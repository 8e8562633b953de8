// Inclusive time per function (counted once per sample even if recursive), for functions whose file matches a pattern.
import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const pat = new RegExp(process.argv[3] ?? 'server/');
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inc = new Map(); let total = 0, idle = 0;
for (let i = 0; i < p.samples.length; i++) {
  const d = p.timeDeltas[i] ?? 0; total += d;
  let id = p.samples[i]; const seen = new Set();
  if (byId.get(id).callFrame.functionName === '(idle)') { idle += d; continue; }
  while (id !== undefined) { const cf = byId.get(id).callFrame; const f = cf.url.replace(/.*node_modules\//, 'nm:').replace(/.*\/main\//, ''); const k = `${cf.functionName || '(anon)'} ${f}:${cf.lineNumber}`; if (pat.test(k) && !seen.has(k)) { seen.add(k); inc.set(k, (inc.get(k) ?? 0) + d); } id = parent.get(id); }
}
console.log('busy', ((total - idle) / total * 100).toFixed(1) + '%');
[...inc].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[4] ?? 40)).forEach(([k, t]) => console.log((t / (total - idle) * 100).toFixed(1).padStart(5) + '%', k));
