// Sums self time by function and by file from a .cpuprofile.
import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas; let total = 0;
for (let i = 0; i < p.samples.length; i++) { const n = byId.get(p.samples[i]); self.set(n.id, (self.get(n.id) ?? 0) + (dt[i] ?? 0)); total += dt[i] ?? 0; }
const fn = new Map(), file = new Map();
for (const [id, t] of self) { const n = byId.get(id); const cf = n.callFrame; const f = cf.url.replace(/.*node_modules\//, 'nm:').replace(/.*\/main\//, ''); const k = `${cf.functionName || '(anon)'} ${f}:${cf.lineNumber}`; fn.set(k, (fn.get(k) ?? 0) + t); const fk = f.startsWith('nm:') ? f.split('/').slice(0, f.startsWith('nm:@') ? 2 : 1).join('/') : f; file.set(fk, (file.get(fk) ?? 0) + t); }
const pr = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).forEach(([k, t]) => console.log((t / total * 100).toFixed(1).padStart(5) + '%', k));
console.log('--- by file'); pr(file, 30); console.log('--- by function'); pr(fn, 45);
