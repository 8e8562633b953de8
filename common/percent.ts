// A percentage people type and the fraction a column stores, turned into each other exactly (by moving the
// decimal point in the text, never through a float: 0.1234 is 12.34, not 12.340000000000002). Used where a
// percent column is typed: its filter, its dialog field, an imported cell written "12.34%".

const DECIMAL = /^-?(\d+\.?\d*|\.\d+)$/;

/** `text` (a plain decimal, thousands commas allowed) with its point moved `places` (2: right, -2: left); null when it is no number. */
export function movePoint(text: string, places: 2 | -2): string | null {
  const plain = text.trim().replaceAll(',', '');
  if (!DECIMAL.test(plain)) return null;
  const negative = plain.startsWith('-');
  const [whole = '', decimals = ''] = (negative ? plain.slice(1) : plain).split('.');
  let digits: string;
  let point: number;
  if (places > 0) {
    const padded = decimals.padEnd(places, '0');
    digits = whole + padded;
    point = whole.length + places;
  } else {
    const padded = whole.padStart(-places + 1, '0');
    digits = padded + decimals;
    point = padded.length + places;
  }
  const int = digits.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const frac = digits.slice(point).replace(/0+$/, '');
  const value = frac ? `${int}.${frac}` : int;
  return negative && value !== '0' ? `-${value}` : value;
}

/** The percentage a stored fraction shows ("0.1234" as "12.34"); text that is no number is kept as it is. */
export function percentOf(fraction: string): string {
  return movePoint(fraction, 2) ?? fraction;
}

/** The fraction a typed percentage stores ("12.34" as "0.1234"); text that is no number is kept, for the rules to refuse. */
export function fractionOf(percent: string): string {
  return movePoint(percent, -2) ?? percent;
}
