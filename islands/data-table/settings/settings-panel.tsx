// PLACEHOLDER, to be replaced by the settings panel's own work (helper tgroup): column visibility, main and
// sub grouping, refresh every time, save state (table-host.ts says how it plugs in). Until then Settings
// only says, in the table's live region, that the panel would open.
import type { TableHost } from '../table-host.ts';
import type { TableState } from '../table-state.ts';
import type { SetTableState } from '../use-table-state.ts';

export function openSettings(host: TableHost, _state: TableState, _setState: SetTableState): void {
  host.notify('settings panel', 'info');
}
