// A report's result drawn as HTML: the fragment the screen's panel and the API's HTML answer carry (styled by
// the app's stylesheet there), and the standalone document Chromium prints into a PDF, which carries the
// same report stylesheet inline (static/css/report.css, read once, with the tokens of theme.css before it and
// the printed page's own rules of report-document.css after it). The shared table's lines, thousands in a
// big report, are drawn a slice at a time (server/slices.ts): drawing them whole held the event loop for a
// third of a second, every other request waiting.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { staticDir } from '../assets.ts';
import { detailPart } from '../../common/detail-page.ts';
import type { DetailResource } from '../details/detail-tables.ts';
import { TABLE_TEMPLATE, type ReportOutput } from './definition.ts';
import type { ReportTable } from './table/report-table.ts';
import { drawInSlices } from '../slices.ts';

export interface DrawnReport {
  title: string;
  /** The caller's own words under the title (the API's description). */
  description?: string;
  /** The Eta view drawing `output.body`, from views/ (included from the root: a leading slash). */
  template: string;
  output: ReportOutput;
  /**
   * The screen path of each table whose records the reader may open (server/details/detail-tables.ts): the
   * records the report names link to their detail pages. None in a PDF.
   */
  links?: Readonly<Partial<Record<DetailResource, string>>>;
}

export async function reportFragment(app: FastifyInstance, report: DrawnReport): Promise<string> {
  const { title, description = '', template, output, links = {} } = report;
  const body = template === TABLE_TEMPLATE ? await withLinesDrawn(app, output.body as ReportTable, links) : output.body;
  return app.view('reports/_report.eta', {
    title,
    description,
    caption: output.caption,
    template: `/${template}`,
    body,
    links,
    detailPart,
  });
}

/** The shared table with its lines drawn (`linesHtml`, which its template places), a slice at a time. */
async function withLinesDrawn(app: FastifyInstance, table: ReportTable, links: DrawnReport['links']) {
  const linesHtml = await drawInSlices(table.lines, (lines) =>
    app.view('reports/_table-lines.eta', { lines, columns: table.columns, links, detailPart }),
  );
  return { ...table, linesHtml };
}

let reportCss: string | undefined;

/** The document Chromium prints: the fragment with its stylesheet inline. */
export function reportDocument(app: FastifyInstance, title: string, html: string): Promise<string> {
  reportCss ??= ['theme.css', 'report.css', 'report-document.css']
    .map((name) => readFileSync(join(staticDir, 'css', name), 'utf8'))
    .join('\n');
  return app.view('reports/_document.eta', { title, css: reportCss, html });
}
