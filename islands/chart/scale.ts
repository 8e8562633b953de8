// Axis arithmetic for the charts: a top value and a step that read well (1, 2, 2.5 or 5 times a power of
// ten), so gridlines fall on round amounts such as $250k, $500k, $750k.
export interface Scale {
  top: number;
  step: number;
}

export function niceScale(max: number, steps = 4): Scale {
  if (!(max > 0)) return { top: steps, step: 1 };
  const raw = max / steps;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return { top: step * steps, step };
}

/** The values of points as numbers; null where a point has none. */
export function amounts(values: ReadonlyArray<string | null>): Array<number | null> {
  return values.map((v) => (v === null ? null : Number(v)));
}
