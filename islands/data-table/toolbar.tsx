// The toolbar (spec section 2): Add, Edit, Delete and Import (shown only to who may use them on this table,
// Import only where the table takes files; enabled only for the needed selection: one row or more, Edit of
// several being the bulk edit), Refresh, Settings, Views (saved views, issue 39: it names the view shown, and
// says when the table was changed since), Shortcuts (the keyboard shortcuts' list, issue 39), Print (a link
// to the table's print view, opened in an overlay: data-popup-embed), PDF, Excel, CSV and Copy; the selection
// counter ("N Record(s) Selected", which clears the selection, or "Select All", which selects the page); and
// when the rows were last read. The buttons a shortcut presses say their key (aria-keyshortcuts).
import { tableMsg } from '../../common/table-messages.ts';
import type { TableConfig } from '../../common/table-config.ts';
import { LastUpdated } from './last-updated.tsx';
import type { ToolbarAction } from './actions.ts';
import { shortcuts } from './shortcuts/shortcuts.ts';

interface ToolbarProps {
  config: TableConfig;
  selected: number;
  rowCount: number;
  syncedAt: string | null;
  /** The saved view shown, and whether the table was changed since it opened; null: none. */
  view: { name: string; changed: boolean } | null;
  /** The print view of the table as it is now (export/print-url.ts). */
  printUrl: string;
  onAction: (action: ToolbarAction) => void;
  onSelectAll: (select: boolean) => void;
}

/**
 * A view's name as the toolbar says it: a long one cut short (its whole name in the button's title), so a
 * name of one long word cannot widen the toolbar past a phone's screen; cut here rather than by CSS, whose
 * every byte pages without tables carry too.
 */
const shortName = (name: string) => (name.length > 28 ? `${name.slice(0, 27)}…` : name);

export function Toolbar({ config, selected, rowCount, syncedAt, view, printUrl, onAction, onSelectAll }: ToolbarProps) {
  const { can } = config;
  // A button the user may never use on this table is not drawn: a read-only table offers no Add, Edit or
  // Delete, and a screen that adds elsewhere (Users' full form) shows its own link alone.
  const button = (action: ToolbarAction, label: string, enabled: boolean, allowed = true) =>
    allowed && (
      <button
        type="button"
        className={`dt-button dt-action-${action}`}
        disabled={!enabled}
        aria-keyshortcuts={shortcuts.find((s) => s.action === action)?.key}
        onClick={() => onAction(action)}
      >
        {label}
      </button>
    );
  return (
    <div className="dt-toolbar" role="toolbar" aria-label={tableMsg('tableToolbar')}>
      <span className="dt-group">
        {button('add', tableMsg('tableAdd'), true, can.add)}
        {button('edit', tableMsg('tableEdit'), selected >= 1, can.edit)}
        {button('delete', tableMsg('tableDelete'), selected >= 1, can.delete)}
        {button('import', tableMsg('tableImport'), true, config.import !== undefined)}
        {button('refresh', tableMsg('tableRefresh'), true)}
        {button('settings', tableMsg('tableSettings'), true)}
        <button
          type="button"
          className="dt-button dt-action-views"
          aria-haspopup="dialog"
          title={view && view.name !== shortName(view.name) ? view.name : undefined}
          onClick={() => onAction('views')}
        >
          {view ? tableMsg(view.changed ? 'tableViewChanged' : 'tableViewCurrent', shortName(view.name)) : tableMsg('tableViews')}
        </button>
        {button('shortcuts', tableMsg('tableShortcuts'), true)}
      </span>
      <span className="dt-group">
        {can.export && (
          // A link: the print view is a page of its own (a new tab with the middle button), in an overlay with
          // its Print button on a plain click (islands/nav/popups.ts).
          <a
            className="button dt-button dt-action-print"
            href={printUrl}
            data-popup-embed=""
            data-popup-title={config.title}
            hx-boost="false"
          >
            {tableMsg('tablePrint')}
          </a>
        )}
        {config.pdf?.available === false ? (
          // Disabled, yet in reach: the keyboard and a tap still find it, and its notice says why.
          <button
            type="button"
            className="dt-button dt-action-pdf"
            aria-disabled="true"
            title={tableMsg('pdfUnavailable')}
            disabled={!can.export}
            onClick={() => onAction('pdf')}
          >
            {tableMsg('tablePdf')}
          </button>
        ) : (
          button('pdf', tableMsg('tablePdf'), can.export)
        )}
        {button('xlsx', tableMsg('tableExcel'), can.export)}
        {button('csv', tableMsg('tableCsv'), can.export)}
        {button('copy', tableMsg('tableCopy'), true)}
      </span>
      <span className="dt-group">
        <button
          type="button"
          className="dt-button dt-counter"
          disabled={selected === 0 && rowCount === 0}
          onClick={() => onSelectAll(selected === 0)}
        >
          {selected ? tableMsg('selectedCount', selected) : tableMsg('selectAll')}
        </button>
        <LastUpdated syncedAt={syncedAt} />
      </span>
    </div>
  );
}
