// A whole count as people read it, with comma thousands ("1,234 stores"): apart from format-number.ts, so a
// page's first load, whose header shows a count of stores, does not carry the formatting of amounts.
const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatCount(count: number): string {
  return counts.format(count);
}
