// How a report's pages look once printed: US Letter, upright or across, a header naming the report and who
// printed it when, and a footer with the page number. Chromium draws the header and footer itself from these
// small templates (its own documents, where inline styles are the only styles).
import type { PDFOptions } from 'puppeteer-core';
import { fill, msg } from '../../messages.ts';
import { escapeHtml } from '../../escape-html.ts';

export interface PageLayout {
  title: string;
  /** "Printed by Jordan Lee on 21/11/2026 14:05" */
  printed: string;
  landscape: boolean;
}

const edge =
  'font: 7.5pt "DejaVu Sans", Arial, sans-serif; color: #5d6b7a; width: 100%; margin: 0 12mm; display: flex; justify-content: space-between;';

export function pdfOptions(layout: PageLayout): PDFOptions {
  // The message's words are escaped; the numbers are Chromium's own placeholders.
  const pageNumber = fill(escapeHtml(msg('reportPageNumber', '{0}', '{1}')), [
    '<span class="pageNumber"></span>',
    '<span class="totalPages"></span>',
  ]);
  return {
    format: 'letter',
    landscape: layout.landscape,
    printBackground: true,
    // Untagged, on purpose. A tagged PDF (Chromium's default) carries the document's structure for screen
    // readers, but measured here it is about ten times the size (1.4 MB against 97 KB for 21 pages), far over
    // our 150 KB budget for a 4-page report, and slower to make. Every report has an HTML form with the same
    // figures (format=HTML4.0, and the screen's HTML panel), a real table that assistive technology reads
    // better than a tagged PDF's reconstruction; the PDF is for paper and for filing.
    tagged: false,
    outline: false,
    displayHeaderFooter: true,
    headerTemplate: `<div style='${edge}'><span>${escapeHtml(layout.title)}</span><span>${escapeHtml(layout.printed)}</span></div>`,
    footerTemplate: `<div style='${edge} justify-content: center;'><span>${pageNumber}</span></div>`,
    margin: { top: '16mm', bottom: '14mm', left: '12mm', right: '12mm' },
  };
}
