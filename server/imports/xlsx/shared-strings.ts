// A workbook's shared strings, which its text cells point into by index and so must all be at hand while the
// sheet is read. Kept as one UTF-8 buffer and the offset where each string ends, rather than as a million
// JavaScript strings: a million short notes took 120 MB as strings (each an object, many holding on to the
// parser's whole chunk), and take their bytes plus 8 each here. A string is decoded when a cell asks for it.
export class SharedStrings {
  private bytes = Buffer.allocUnsafe(64 * 1024);
  private used = 0;
  private ends = new Float64Array(1024);
  private count = 0;

  add(text: string): void {
    const length = Buffer.byteLength(text);
    if (this.used + length > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + length));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used);
    if (this.count === this.ends.length) {
      const grown = new Float64Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[this.count++] = this.used;
  }

  /** The string at `index`, or undefined where the workbook has none. */
  at(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    return this.bytes.toString('utf8', index === 0 ? 0 : this.ends[index - 1], this.ends[index]);
  }
}
