// PLACEHOLDER, to be replaced by the dialogs' own work (helper tdialogs): the insert, update and delete
// dialogs the toolbar opens (actions.ts). Until then each only says, in the table's live region, which
// dialog would open, so the toolbar can be built and tested.
import type { Row } from '../../../common/table-config.ts';
import type { TableHost } from '../table-host.ts';

export function openInsertDialog(host: TableHost): void {
  host.notify('insert dialog', 'info');
}

export function openUpdateDialog(host: TableHost, row: Row): void {
  host.notify(`update dialog for ${String(row[host.config.key])}`, 'info');
}

export function openDeleteDialog(host: TableHost, rows: Row[]): void {
  host.notify(`delete dialog for ${rows.length}`, 'info');
}
