// PLACEHOLDER, to be replaced by the exports' own work (helper tdetail): PDF, Excel, CSV and Copy from the
// toolbar (actions.ts). Until then each only says, in the table's live region, what it would export.
import type { TableHost } from '../table-host.ts';

export function exportPdf(host: TableHost): void {
  host.notify(`pdf ${host.listQuery()}`, 'info');
}

export function exportFile(host: TableHost, format: 'xlsx' | 'csv'): void {
  host.notify(`${format} ${host.listQuery()}`, 'info');
}

export function copyRows(host: TableHost): void {
  host.notify(`copy ${host.selectedRows().length}`, 'info');
}
