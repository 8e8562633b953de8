// The keys an import has met so far, for "this row is in the file twice" over the whole file (a million rows
// of it), in a few bytes a key: each key is kept as a 64-bit fingerprint (two 32-bit hashes) with the line
// that had it first, in open-addressing tables of typed arrays, never as text: ~21 MB at a million keys. The
// keys are spread over 256 tables by their first hash, each growing on its own, so that no growth holds an old
// and a new copy of everything at once. A key met again is always known (its fingerprint is the same); two
// different keys share a fingerprint with a chance of about one in 2^64 a pair (~3 in 100 million for a whole
// million-row file), and then the later row would be refused as a repeat. The database's unique keys stay the
// guard of what is stored.

const TABLES = 256;
const FIRST_SLOTS = 16;

/** One table: slot i's fingerprint halves at 2i and 2i+1 (the first never 0 in a used slot), its first line at i. */
interface Table {
  size: number;
  prints: Uint32Array;
  lines: Int32Array;
}

export class SeenKeys {
  private readonly tables: Table[] = Array.from({ length: TABLES }, () => ({
    size: 0,
    prints: new Uint32Array(2 * FIRST_SLOTS),
    lines: new Int32Array(FIRST_SLOTS),
  }));

  /** The line that had `key` first, or undefined (and `line` kept as its first) when it is new. */
  firstLine(key: string, line: number): number | undefined {
    const a = hash(key, 0x811c9dc5, 0x01000193) || 1;
    const b = hash(key, 0x9747b28c, 0x5bd1e995);
    // The low 8 bits choose the table; the bits above them, the slot.
    const table = this.tables[a & (TABLES - 1)]!;
    const mask = table.lines.length - 1;
    for (let i = (a >>> 8) & mask; ; i = (i + 1) & mask) {
      const at = table.prints[2 * i]!;
      if (at === 0) {
        table.prints[2 * i] = a;
        table.prints[2 * i + 1] = b;
        table.lines[i] = line;
        if (++table.size * 4 > table.lines.length * 3) grow(table);
        return undefined;
      }
      if (at === a && table.prints[2 * i + 1] === b) return table.lines[i];
    }
  }
}

/** Doubles a table that is three quarters full. */
function grow(table: Table): void {
  const { prints, lines } = table;
  table.prints = new Uint32Array(prints.length * 2);
  table.lines = new Int32Array(lines.length * 2);
  const mask = table.lines.length - 1;
  for (let slot = 0; slot < lines.length; slot++) {
    const a = prints[2 * slot]!;
    if (a === 0) continue;
    let i = (a >>> 8) & mask;
    while (table.prints[2 * i] !== 0) i = (i + 1) & mask;
    table.prints[2 * i] = a;
    table.prints[2 * i + 1] = prints[2 * slot + 1]!;
    table.lines[i] = lines[slot]!;
  }
}

/**
 * A 32-bit hash of the text's UTF-16 units: FNV-1a's steps from `seed` with the odd multiplier `times` (the
 * two halves of a fingerprint differ in both), then a final mix so that the low bits (table, slot) spread.
 */
function hash(text: string, seed: number, times: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, times);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
