// The toolbar (spec section 2): Add, Edit, Delete (enabled only for the needed selection and permission),
// Refresh, Settings, PDF, Excel, CSV and Copy; the selection counter ("N Record(s) Selected", which clears
// the selection, or "Select All", which selects the page); and when the rows were last read.
import { msg } from '../../common/messages.ts';
import type { TableConfig } from '../../common/table-config.ts';
import { LastUpdated } from './last-updated.tsx';
import type { ToolbarAction } from './actions.ts';

interface ToolbarProps {
  config: TableConfig;
  selected: number;
  rowCount: number;
  syncedAt: string | null;
  onAction: (action: ToolbarAction) => void;
  onSelectAll: (select: boolean) => void;
}

export function Toolbar({ config, selected, rowCount, syncedAt, onAction, onSelectAll }: ToolbarProps) {
  const { can } = config;
  const button = (action: ToolbarAction, label: string, enabled: boolean) => (
    <button type="button" className={`dt-button dt-${action}`} disabled={!enabled} onClick={() => onAction(action)}>
      {label}
    </button>
  );
  return (
    <div className="dt-toolbar" role="toolbar" aria-label={msg('tableToolbar')}>
      <span className="dt-group">
        {button('add', msg('tableAdd'), can.add)}
        {button('edit', msg('tableEdit'), can.edit && selected === 1)}
        {button('delete', msg('tableDelete'), can.delete && selected >= 1)}
        {button('refresh', msg('tableRefresh'), true)}
        {button('settings', msg('tableSettings'), true)}
      </span>
      <span className="dt-group">
        {button('pdf', msg('tablePdf'), can.export)}
        {button('xlsx', msg('tableExcel'), can.export)}
        {button('csv', msg('tableCsv'), can.export)}
        {button('copy', msg('tableCopy'), true)}
      </span>
      <span className="dt-group">
        <button
          type="button"
          className="dt-button dt-counter"
          disabled={selected === 0 && rowCount === 0}
          onClick={() => onSelectAll(selected === 0)}
        >
          {selected ? msg('selectedCount', selected) : msg('selectAll')}
        </button>
        <LastUpdated syncedAt={syncedAt} />
      </span>
    </div>
  );
}
