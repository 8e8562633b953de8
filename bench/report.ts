// How every benchmark prints a figure: name, measured value, target and whether it is met, one per line,
// so `npm run bench` output can be read at a glance and compared between runs.
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** `<=` for times and sizes, `>=` for throughputs; omitted for figures that are only informative. */
  target?: { op: '<=' | '>='; value: number };
}

export function report(figure: Figure): void {
  const v = `${round(figure.value)} ${figure.unit}`;
  if (!figure.target) {
    console.log(`  ${figure.name.padEnd(58)} ${v.padStart(14)}   (informative)`);
    return;
  }
  const { op, value } = figure.target;
  const ok = op === '<=' ? figure.value <= value : figure.value >= value;
  console.log(`  ${figure.name.padEnd(58)} ${v.padStart(14)}   target ${op} ${value} ${figure.unit}   ${ok ? 'OK' : 'MISSED'}`);
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function round(n: number): string {
  return Math.abs(n) >= 1000 ? n.toFixed(0) : n.toFixed(n % 1 === 0 ? 0 : 2);
}
