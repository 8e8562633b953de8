// GET <screen>/print?<the list's query>&shown=..: a table screen's rows as a page to print, the table's print
// view as reports have theirs (report-print.ts, the same template and stylesheet): the rows its search,
// filters and store selection find within the user's scope, in its order and grouping, its shown columns in
// their order, under its title, who printed it and when, and its filters in the chips' words; past the rows
// a printed report holds, the first of them and a line saying of how many (table-report.ts). The table's
// toolbar opens it in an overlay (data-popup-embed) to be printed from there. Refused as the table's
// exports are: a printed page takes every filtered row out of the screen as they do.
import type { SchemaRoutes } from '../plugins/typed-routes.ts';
import { tableReport, tableReportRequest } from '../reports/table-pdf/table-report.ts';
import { sendRefusal } from './api/common/report-refusals.ts';

/** A screen's print view's path: beside its records' pages (`<screen>/<key>`), whose keys are numbers. */
export const printPath = (screen: string): string => `${screen}/print`;

const tablePrint: SchemaRoutes = async (app) => {
  for (const def of app.resources) {
    if (!def.screen) continue;
    app.get(printPath(def.screen), { config: { access: def.access.export } }, async (req, reply) => {
      const user = req.signedInUser();
      try {
        const report = await tableReport(app, def, tableReportRequest(def, req.query), user, 'first');
        const page = await app.view('report-print.eta', { title: report.title, css: app.assets.url('app.css'), html: report.html });
        return reply.type('text/html; charset=utf-8').send(page);
      } catch (err) {
        return sendRefusal(req, reply, err);
      }
    });
  }
};

export default tablePrint;
