// The toolbar's exports (spec section 8), loaded on first use (actions.ts). PDF opens the server's PDF of
// every filtered row in a new tab (GET /api/common/report, grouped as the table is); Excel and CSV download
// the server's exports of every filtered row (GET /api/<resource>/export), straight to disk however large;
// Copy puts the selected rows on the clipboard. Each applies the list's own query (search, order, shown
// columns, store selection) and says in the table's notice why it did nothing. The PDF says it before any tab
// opens: a table with no row, one past the rows a PDF holds (the server would only refuse it there), or a
// server that cannot print one.
import { formatCount } from '../../../common/format-count.ts';
import { msg } from '../../../common/messages.ts';
import { tableMsg } from '../../../common/table-messages.ts';
import type { TableHost } from '../table-host.ts';
import { printedQuery } from './print-url.ts';
import { rowsAsText } from './rows-text.ts';

/** The PDF stream's URL: `filename=<resource>&stream=true&format=pdf[&maingroup=..&subgroup=..]&<the list's query>&shown=..`. */
export function pdfUrl(host: TableHost): string {
  const query = new URLSearchParams({ filename: host.config.resource, stream: 'true', format: 'pdf' });
  const { mainGroup, subGroup, visible } = host.view();
  if (mainGroup) query.set('maingroup', mainGroup);
  if (subGroup) query.set('subgroup', subGroup);
  for (const [name, value] of printedQuery(host.listQuery(), visible)) if (!query.has(name)) query.append(name, value);
  return `/api/common/report?${query}`;
}

/** Why the table's PDF cannot be had now, in words for the notice; null when it can. */
export function pdfRefusal(host: Pick<TableHost, 'config' | 'rowCount'>): string | null {
  const { pdf } = host.config;
  const rows = host.rowCount();
  if (pdf && !pdf.available) return tableMsg('pdfUnavailable');
  if (rows === 0) return tableMsg('noDataToDownload');
  // A count the server estimated is one of tens of thousands (server/table-api/list/count.ts): past it either way.
  if (pdf && rows > pdf.maxRows) return tableMsg('pdfTooManyRows', formatCount(pdf.maxRows), formatCount(rows));
  return null;
}

export function exportPdf(host: TableHost): void {
  const refusal = pdfRefusal(host);
  if (refusal) host.notify(refusal, 'error');
  else window.open(pdfUrl(host), '_blank', 'noopener');
}

/** The export's URL for `format`: the list's query and the format. */
export function exportUrl(host: TableHost, format: 'xlsx' | 'csv'): string {
  const query = host.listQuery();
  query.set('format', format);
  return `${host.config.listUrl}/export?${query}`;
}

/** Why the server refused an export, in its words where it has them. */
async function refusalText(url: string, status: number): Promise<string> {
  if (status === 401) return msg('unauthenticated');
  if (status === 403) return msg('forbidden');
  if (status !== 400) return msg('serverError');
  // A HEAD answer has no body: the same request refuses the same way, and says why.
  try {
    const body = (await (await fetch(url, { headers: { Accept: 'application/json' } })).json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // No words to be had: the general ones follow.
  }
  return msg('badRequest');
}

export async function exportFile(host: TableHost, format: 'xlsx' | 'csv'): Promise<void> {
  if (host.rowCount() === 0) {
    host.notify(tableMsg('noDataToDownload'), 'error');
    return;
  }
  const url = exportUrl(host, format);
  // HEAD checks the request (its parameters, the session) without running the export, so a refusal is
  // told here in words rather than saved as the downloaded file. The download itself is the browser's,
  // streamed to disk.
  const checked = await fetch(url, { method: 'HEAD', headers: { Accept: 'application/json' } }).catch(() => null);
  if (!checked?.ok) {
    host.notify(checked ? await refusalText(url, checked.status) : msg('serverUnreachable'), 'error');
    return;
  }
  const link = document.createElement('a');
  link.href = url;
  link.download = `${host.config.resource}.${format}`;
  link.hidden = true;
  // The browser's own download, never a boosted page request.
  link.setAttribute('hx-boost', 'false');
  host.container.append(link);
  link.click();
  link.remove();
}

export async function copyRows(host: TableHost): Promise<void> {
  const rows = host.selectedRows();
  if (rows.length === 0) {
    host.notify(tableMsg('selectToCopy'), 'info');
    return;
  }
  const shown = host.view().visible;
  const columns = shown.flatMap((name) => host.config.columns.filter((c) => c.name === name));
  try {
    await navigator.clipboard.writeText(rowsAsText(columns, rows));
  } catch {
    host.notify(tableMsg('copyFailed'), 'error');
    return;
  }
  host.notify(tableMsg('tableCopied', rows.length), 'success');
}
