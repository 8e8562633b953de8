// Dollar amounts on a chart: compact on axes and bars ($1.2k, $3.4M: the spec's number prefixes), in full
// (US dollars with cents) in the text alternative.
import { compactNumber } from '../../common/format.ts';

export function compactDollars(value: string | number | null): string {
  const text = compactNumber(value);
  return text === '' ? '' : text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}
