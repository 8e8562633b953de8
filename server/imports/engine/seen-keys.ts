// The keys an import has met so far, for "this row is in the file twice" over the whole file (a million rows
// of it), in a few bytes a key: each key is kept as a 64-bit fingerprint (two 32-bit hashes) with the line
// that had it first, in an open-addressing table of typed arrays (~24 MB at a million keys), never as text.
// A key met again is always known (its fingerprint is the same); two different keys share a fingerprint with
// a chance of about one in 2^64 a pair (~3 in 100 million for a whole million-row file), and then the later
// row would be refused as a repeat. The database's unique keys stay the guard of what is stored.

const EMPTY = 0;

export class SeenKeys {
  private size = 0;
  /** Slot i: fingerprint halves at 2i and 2i+1 (the first never 0 in a used slot), its first line at i. */
  private prints = new Uint32Array(2 * 1024);
  private lines = new Int32Array(1024);

  /** The line that had `key` first, or undefined (and `line` kept as its first) when it is new. */
  firstLine(key: string, line: number): number | undefined {
    const a = hash(key, 0x811c9dc5, 0x01000193) || 1;
    const b = hash(key, 0x9747b28c, 0x5bd1e995);
    const mask = this.lines.length - 1;
    for (let i = a & mask; ; i = (i + 1) & mask) {
      const at = this.prints[2 * i]!;
      if (at === EMPTY) {
        this.prints[2 * i] = a;
        this.prints[2 * i + 1] = b;
        this.lines[i] = line;
        if (++this.size * 4 > this.lines.length * 3) this.grow();
        return undefined;
      }
      if (at === a && this.prints[2 * i + 1] === b) return this.lines[i];
    }
  }

  private grow(): void {
    const { prints, lines } = this;
    this.prints = new Uint32Array(prints.length * 2);
    this.lines = new Int32Array(lines.length * 2);
    const mask = this.lines.length - 1;
    for (let slot = 0; slot < lines.length; slot++) {
      const a = prints[2 * slot]!;
      if (a === EMPTY) continue;
      let i = a & mask;
      while (this.prints[2 * i] !== EMPTY) i = (i + 1) & mask;
      this.prints[2 * i] = a;
      this.prints[2 * i + 1] = prints[2 * slot + 1]!;
      this.lines[i] = lines[slot]!;
    }
  }
}

/**
 * A 32-bit hash of the text's UTF-16 units: FNV-1a's steps from `seed` with the odd multiplier `times` (the
 * two halves of a fingerprint differ in both), then a final mix so that the low bits (the slot) spread.
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
