// A report's result drawn as HTML: the fragment the screen's panel and the API's HTML answer carry (styled by
// the app's stylesheet there), and the standalone document Chromium prints into a PDF, which carries the
// same report stylesheet inline (static/css/report.css, read once).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { staticDir } from '../assets.ts';
import { detailPart } from '../../common/detail-page.ts';
import type { DetailResource } from '../details/detail-tables.ts';
import type { ReportOutput } from './definition.ts';

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

export function reportFragment(app: FastifyInstance, report: DrawnReport): Promise<string> {
  const { title, description = '', template, output, links = {} } = report;
  return app.view('reports/_report.eta', {
    title,
    description,
    caption: output.caption,
    template: `/${template}`,
    body: output.body,
    links,
    detailPart,
  });
}

let reportCss: string | undefined;

/** The document Chromium prints: the fragment with its stylesheet inline. */
export function reportDocument(app: FastifyInstance, title: string, html: string): Promise<string> {
  reportCss ??= readFileSync(join(staticDir, 'css', 'report.css'), 'utf8');
  return app.view('reports/_document.eta', { title, css: reportCss, html });
}
