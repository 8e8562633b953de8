// The table's row dialogs, loaded by the island on first use (islands/data-table): insert and update
// (row-form-dialog.tsx), the edit of several rows at once (bulk-edit-dialog.tsx) and delete
// (delete-dialog.tsx), each shown beside the table and speaking to it only through its TableHost.
import type { Row } from '../../../common/table-config.ts';
import type { TableHost } from '../table-host.ts';
import { BulkEditDialog } from './bulk-edit-dialog.tsx';
import { DeleteDialog } from './delete-dialog.tsx';
import { openDialog } from './open-dialog.tsx';
import { RowFormDialog } from './row-form-dialog.tsx';

export function openInsertDialog(host: TableHost): void {
  openDialog(host, (close) => <RowFormDialog host={host} close={close} />);
}

export function openUpdateDialog(host: TableHost, row: Row): void {
  openDialog(host, (close) => <RowFormDialog host={host} row={row} close={close} />);
}

export function openBulkEditDialog(host: TableHost, rows: Row[]): void {
  openDialog(host, (close) => <BulkEditDialog host={host} rows={rows} close={close} />);
}

export function openDeleteDialog(host: TableHost, rows: Row[]): void {
  if (rows.length > 0) openDialog(host, (close) => <DeleteDialog host={host} rows={rows} close={close} />);
}
