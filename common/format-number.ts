// Numbers as people read them (spec section 9: US dollars with 2 decimals, percentages x100 with 2 decimals,
// comma thousands) and chart axes' short labels. Amounts are rounded on their decimal digits, not in floating
// point: PostgreSQL numeric arrives as a string such as "12345678901.235", which a JavaScript number cannot
// hold to the cent. format.ts re-exports these beside dates and any column's value.

/** A number as the database or a form may hand it over: number, bigint, or its decimal text. */
export type Numeric = number | bigint | string | null | undefined;

// ---------------------------------------------------------------------------------------------------------
// Exact decimal arithmetic on digit strings: just enough to shift, round and group.

/** |value| = int.frac, both plain digit strings; `int` has no leading zeros beyond a single "0". */
type Decimal = { negative: boolean; int: string; frac: string };

const decimalText = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

// An exponent this large cannot come from a database column or a JavaScript number; refusing it keeps a
// hostile "1e999999999" from building a gigabyte of zeros.
const maxExponent = 400;

function toDecimal(value: Numeric): Decimal | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String(n) is the shortest text that reads back as n: 1.005 stays "1.005", not 1.00499999999999989...
    text = String(value);
  } else if (typeof value === 'bigint') {
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const parts = decimalText.exec(text);
  if (parts === null) return null;
  const [, sign = '', intDigits = '', fracDigits = '', exponentText = '0'] = parts;
  if (intDigits === '' && fracDigits === '') return null;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > maxExponent) return null;
  return shift({ negative: sign === '-', int: intDigits, frac: fracDigits }, exponent);
}

/** The decimal times 10^places (places may be negative), exactly. */
function shift(d: Decimal, places: number): Decimal {
  const digits = d.int + d.frac;
  let point = d.int.length + places;
  let padded = digits;
  if (point < 0) {
    padded = '0'.repeat(-point) + padded;
    point = 0;
  }
  if (point > padded.length) padded = padded.padEnd(point, '0');
  const int = padded.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  return { negative: d.negative, int, frac: padded.slice(point) };
}

/** Adds one to a digit string: "199" -> "200", "99" -> "100". */
function increment(digits: string): string {
  const carried = /9*$/.exec(digits)?.[0].length ?? 0;
  const head = digits.slice(0, digits.length - carried);
  const bumped = head === '' ? '1' : head.slice(0, -1) + String(Number(head.slice(-1)) + 1);
  return bumped + '0'.repeat(carried);
}

/** Rounded to `decimals` places, half away from zero (2.345 -> 2.35, -2.345 -> -2.35). */
function round(d: Decimal, decimals: number): Decimal {
  const frac = d.frac.padEnd(decimals + 1, '0');
  let kept = d.int + frac.slice(0, decimals);
  if (frac.charAt(decimals) >= '5') kept = increment(kept);
  const int = kept.slice(0, kept.length - decimals).replace(/^0+(?=\d)/, '') || '0';
  return { negative: d.negative, int, frac: kept.slice(kept.length - decimals) };
}

function isZero(d: Decimal): boolean {
  return /^0*$/.test(d.int + d.frac);
}

function groupThousands(int: string): string {
  return int.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** The rounded, grouped text and its sign; a value that rounds to zero has no minus ("-0.001" -> "0.00"). */
function fixed(d: Decimal, decimals: number): { sign: '' | '-'; body: string } {
  const r = round(d, decimals);
  const body = groupThousands(r.int) + (decimals > 0 ? `.${r.frac}` : '');
  return { sign: r.negative && !isZero(r) ? '-' : '', body };
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`decimals must be a whole number from 0 to 20, not ${decimals}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Numbers

/** US dollars with cents and comma thousands: "$1,234.50", "-$1,234.50"; '' for no value or no number. */
export function formatCurrency(n: Numeric): string {
  const d = toDecimal(n);
  if (d === null) return '';
  const { sign, body } = fixed(d, 2);
  return `${sign}$${body}`;
}

/** A fraction as a percentage with 2 decimals: 0.1234 -> "12.34%", 12.345 -> "1,234.50%". */
export function formatPercent(fraction: Numeric): string {
  const d = toDecimal(fraction);
  if (d === null) return '';
  // Shifting the digits, not multiplying: 0.1234 * 100 is 12.340000000000002 in floating point.
  const { sign, body } = fixed(shift(d, 2), 2);
  return `${sign}${body}%`;
}

/** Comma thousands and `decimals` places (0-20), rounded half away from zero: 1234.5 -> "1,235". */
export function formatNumber(n: Numeric, decimals = 0): string {
  checkDecimals(decimals);
  const d = toDecimal(n);
  if (d === null) return '';
  const { sign, body } = fixed(d, decimals);
  return sign + body;
}

const siPrefixes = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

/** A short label for a chart axis: 999 -> "999", 1500 -> "1.5k", 2000000 -> "2M", 1234 -> "1.23k". */
export function compactNumber(n: Numeric): string {
  const d = toDecimal(n);
  if (d === null) return '';
  // The prefix follows from the count of whole digits; the scaling is a digit shift, so 1e18 is exactly 1E.
  let power = Math.min(Math.floor((d.int.length - 1) / 3), siPrefixes.length - 1);
  let scaled = round(shift(d, -3 * power), 2);
  // 999,999 rounds to 1000.00k: that is 1M.
  if (scaled.int.length > 3 && power < siPrefixes.length - 1) {
    power += 1;
    scaled = round(shift(scaled, -3), 2);
  }
  const frac = scaled.frac.replace(/0+$/, '');
  const sign = scaled.negative && !isZero(scaled) ? '-' : '';
  return `${sign}${scaled.int}${frac ? `.${frac}` : ''}${siPrefixes[power] ?? ''}`;
}
