// What each toolbar button (and keyboard shortcut) does beyond the table's own state: the dialogs, the
// exports, the settings and the shortcuts' list are modules of their own, imported on first use (they are not
// in the screen's first load) and handed the table's host (table-host.ts).
import { dialogStyles } from '../shell/dialog-styles.ts';
import type { TableHost } from './table-host.ts';
import type { TableState } from '../../common/table-state.ts';
import type { SetTableState } from './use-table-state.ts';

export type ToolbarAction =
  | 'add'
  | 'edit'
  | 'delete'
  | 'import'
  | 'refresh'
  | 'settings'
  | 'views'
  | 'shortcuts'
  | 'pdf'
  | 'xlsx'
  | 'csv'
  | 'copy';

export async function runAction(action: ToolbarAction, host: TableHost, state: TableState, setState: SetTableState): Promise<void> {
  if (['add', 'edit', 'delete', 'import', 'settings', 'views', 'shortcuts'].includes(action)) await dialogStyles(host.config.dialogStyles);
  switch (action) {
    case 'refresh':
      return host.refresh();
    case 'add':
      return (await import('./dialogs/row-dialogs.tsx')).openInsertDialog(host);
    case 'edit': {
      // One row: its own values to change; several: the bulk edit, which sets the fields chosen on each.
      const rows = host.selectedRows();
      const dialogs = await import('./dialogs/row-dialogs.tsx');
      if (rows.length === 1) return dialogs.openUpdateDialog(host, rows[0]!);
      if (rows.length > 1) return dialogs.openBulkEditDialog(host, rows);
      return;
    }
    case 'delete':
      return (await import('./dialogs/row-dialogs.tsx')).openDeleteDialog(host, host.selectedRows());
    case 'import':
      return (await import('./import/import-dialog.tsx')).openImportDialog(host);
    case 'settings':
      return (await import('./settings/settings-panel.tsx')).openSettings(host, state, setState);
    case 'views':
      return (await import('./views/views-dialog.tsx')).openViews(host);
    case 'shortcuts':
      return (await import('./shortcuts/shortcuts-dialog.tsx')).openShortcuts(host);
    case 'pdf':
      return (await import('./export/export-actions.ts')).exportPdf(host);
    case 'xlsx':
    case 'csv':
      return (await import('./export/export-actions.ts')).exportFile(host, action);
    case 'copy':
      return (await import('./export/export-actions.ts')).copyRows(host);
  }
}
