// The table's row dialogs, loaded by the island on first use (islands/data-table): insert and update
// (row-form-dialog.tsx), the edit of several rows at once (bulk-edit-dialog.tsx) and delete
// (delete-dialog.tsx), each shown beside the table and speaking to it only through its TableHost. The
// bulk edit and the delete come with their first use, as this module does with the first Add or Edit: a
// table screen in use stays within its budget (test/support/page-weight.ts).
import type { Row } from '../../../common/table-config.ts';
import type { TableHost } from '../table-host.ts';
import { openDialog } from './open-dialog.tsx';
import { RowFormDialog } from './row-form-dialog.tsx';

export function openInsertDialog(host: TableHost): void {
  openDialog(host, (close) => <RowFormDialog host={host} close={close} />);
}

export function openUpdateDialog(host: TableHost, row: Row): void {
  openDialog(host, (close) => <RowFormDialog host={host} row={row} close={close} />);
}

export async function openBulkEditDialog(host: TableHost, rows: Row[]): Promise<void> {
  const { BulkEditDialog } = await import('./bulk-edit-dialog.tsx');
  openDialog(host, (close) => <BulkEditDialog host={host} rows={rows} close={close} />);
}

export async function openDeleteDialog(host: TableHost, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const { DeleteDialog } = await import('./delete-dialog.tsx');
  openDialog(host, (close) => <DeleteDialog host={host} rows={rows} close={close} />);
}
