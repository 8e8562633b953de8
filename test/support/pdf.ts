// Reading PDFs the way a person would check them: how many pages (pdfinfo) and the text on them
// (pdftotext, in reading order), with poppler-utils.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function withFile<T>(pdf: Uint8Array, read: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'backroom-pdf-'));
  try {
    const path = join(dir, 'report.pdf');
    writeFileSync(path, pdf);
    return read(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function pdfPages(pdf: Uint8Array): number {
  const info = withFile(pdf, (path) => execFileSync('pdfinfo', [path], { encoding: 'utf8' }));
  return Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
}

/** The text, each line's words separated by single spaces (pdftotext lays columns out with runs of spaces). */
export function pdfText(pdf: Uint8Array): string {
  const text = withFile(pdf, (path) => execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }));
  return text.replace(/[ \t]+/g, ' ');
}

export const isPdf = (pdf: Uint8Array) => Buffer.from(pdf.subarray(0, 5)).toString('latin1') === '%PDF-';
