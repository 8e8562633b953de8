// Numbers as people read them (spec section 9: US dollars with 2 decimals, percentages x100 with 2 decimals,
// comma thousands) and chart axes' short labels. PostgreSQL numeric arrives as a string such as
// "12345678901.235", which a JavaScript number cannot hold to the cent: Intl.NumberFormat formats a decimal
// string exactly (rounding half away from zero, its default), so amounts are handed to it as text, never
// through a float. format.ts re-exports these beside dates and any column's value.

/** A number as the database or a form may hand it over: number, bigint, or its decimal text. */
export type Numeric = number | bigint | string | null | undefined;

// Intl reads "", "0x1A" or "Infinity" as numbers; a value that is not plain decimal text shows as nothing.
const decimalText = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e([+-]?\d+))?$/i;

// An exponent this large cannot come from a database column or a JavaScript number; refusing it keeps a
// hostile "1e999999999" from showing as infinity.
const maxExponent = 400;

/** The value as exact decimal text, or null when it is no number. */
function decimal(value: Numeric): string | null {
  // String(n) is the shortest text that reads back as n: 1.005 stays "1.005", not 1.00499999999999989...
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'bigint') return String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const parts = decimalText.exec(text);
  if (parts === null || Math.abs(Number(parts[1] ?? 0)) > maxExponent) return null;
  return text;
}

type Format = Intl.NumberFormatOptions;
// 'negative': a value that rounds to zero has no minus ("-0.001" -> "$0.00").
const base: Format = { signDisplay: 'negative', useGrouping: true };
const formats = new Map<string, Intl.NumberFormat>();

/** One formatter per set of options, kept: making one costs far more than using it. */
function formatter(options: Format): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let f = formats.get(key);
  if (f === undefined) {
    f = new Intl.NumberFormat('en-US', { ...base, ...options });
    formats.set(key, f);
  }
  return f;
}

// Intl formats decimal text exactly; its TypeScript types only know numbers.
const exact = (text: string): number => text as unknown as number;

function format(options: Format, value: string): string {
  return formatter(options).format(exact(value));
}

const places = (n: number): Format => ({ minimumFractionDigits: n, maximumFractionDigits: n });

/** US dollars with cents and comma thousands: "$1,234.50", "-$1,234.50"; '' for no value or no number. */
export function formatCurrency(n: Numeric): string {
  const d = decimal(n);
  return d === null ? '' : format({ style: 'currency', currency: 'USD', ...places(2) }, d);
}

/** A fraction as a percentage with 2 decimals: 0.1234 -> "12.34%", 12.345 -> "1,234.50%". */
export function formatPercent(fraction: Numeric): string {
  const d = decimal(fraction);
  // Intl shifts the decimal digits: 0.1234 * 100 would be 12.340000000000002 in floating point.
  return d === null ? '' : format({ style: 'percent', ...places(2) }, d);
}

/** Comma thousands and `decimals` places (0-20), rounded half away from zero: 1234.5 -> "1,235". */
export function formatNumber(n: Numeric, decimals = 0): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`decimals must be a whole number from 0 to 20, not ${decimals}`);
  }
  const d = decimal(n);
  return d === null ? '' : format(places(decimals), d);
}

const siPrefixes = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;
const largestPower = siPrefixes.length - 1;

/** A short label for a chart axis: 999 -> "999", 1500 -> "1.5k", 2000000 -> "2M", 1234 -> "1.23k". */
export function compactNumber(n: Numeric): string {
  const d = decimal(n);
  if (d === null) return '';
  const short: Format = { maximumFractionDigits: 2, useGrouping: false };
  // Engineering notation picks the power of 1,000 after rounding, so 999,999 is 1E6 (1M), not 1000E3.
  const parts = formatter({ ...short, notation: 'engineering' }).formatToParts(exact(d));
  const exponent = Number(parts.find((p) => p.type === 'exponentInteger')?.value ?? 0);
  const sign = parts.some((p) => p.type === 'exponentMinusSign') ? -1 : 1;
  // Below 1,000 (and for fractions) the number itself; above the largest prefix, that prefix's multiple.
  const power = Math.min(Math.max((sign * exponent) / 3, 0), largestPower);
  return format(short, shifted(d, -3 * power)) + siPrefixes[power];
}

/** Decimal text times 10^places, still exact: only the exponent changes. */
function shifted(text: string, places: number): string {
  const [digits = '', exponent = '0'] = text.toLowerCase().split('e');
  return `${digits}e${Number(exponent) + places}`;
}
