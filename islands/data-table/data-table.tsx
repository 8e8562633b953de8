// The data-table island (spec sections 2, 4, 8 and 9): a resource's table screen, configured by the server
// for the signed-in user (common/table-config.ts) and drawn on TanStack Table 9 in manual mode, the server
// sorting, paging and searching. The server renders it with its first page of rows (server/table-screen/),
// and the browser hydrates with that page rather than asking for it again. State: use-table-state.ts;
// rows: use-list.ts; toolbar actions load their modules on first use (actions.ts, table-host.ts). Row
// groups, column widths and order, and infinite scroll: grouping/, columns/, infinite-scroll/; saved views
// (the one the screen opens with, and the Views dialog): views/; keyboard shortcuts: shortcuts/.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { tableMsg } from '../../common/table-messages.ts';
import { HYDRATED_EVENT } from '../on-use.ts';
import type { DataTableProps, Row } from '../../common/table-config.ts';
import { runAction, type ToolbarAction } from './actions.ts';
import { useColumnLayout } from './columns/column-layout.ts';
import { linesRows } from './grouping/group-lines.ts';
import { useGroupContents } from './grouping/use-group-contents.ts';
import { useRowGrouping } from './grouping/use-row-grouping.ts';
import { useTableHost } from './use-table-host.ts';
import { useInfiniteScroll } from './infinite-scroll/use-infinite-scroll.ts';
import { printUrl } from './export/print-url.ts';
import { shortcutWorks, type ShortcutAction } from './shortcuts/shortcuts.ts';
import { useShortcuts } from './shortcuts/use-shortcuts.ts';
import { listUrl } from './list-query.ts';
import { totalsKey } from './list-totals.ts';
import { rowName } from '../../common/resources/types.ts';
import { phoneHiddenColumns } from './phone/phone-columns.ts';
import { Pager } from './pager.tsx';
import { ScrollRegion } from './scroll-region.tsx';
import { TableBody } from './table-body.tsx';
import { TableControls } from './table-controls.tsx';
import { TableFoot } from './table-foot.tsx';
import { TableHead } from './table-head.tsx';
import type { NoticeAction, RowMark } from './table-host.ts';
import { TableNotice, type Notice } from './table-notice.tsx';
import { ChangedElsewhere } from './changed-elsewhere.tsx';
import { FilterBar } from './filters/filter-bar.tsx';
import { TableInfo } from './table-info.tsx';
import { defaultTableState, visibleColumns } from '../../common/table-state.ts';
import { tableWarning, unknownColumnData } from './table-warnings.ts';
import { Toolbar } from './toolbar.tsx';
import { useDataTable } from './use-data-table.ts';
import { useList } from './use-list.ts';
import { useStoreSelection } from './use-store-selection.ts';
import { useTableState } from './use-table-state.ts';

const noRows: Row[] = [];
const noMarks: Record<string, RowMark> = {};

export default function DataTable({ config, initial, initialStores = null, view: openingView, viewFrom }: DataTableProps) {
  const { state, setState, restored, view, viewChanged, showView, nameView } = useTableState(config, { view: openingView, viewFrom });
  const stores = useStoreSelection(config.storeScoped, initialStores);
  const url = listUrl(config, state, stores);
  const initialUrl = useMemo(() => listUrl(config, defaultTableState(config), initialStores), [config, initialStores]);
  const initialTotalsKey = useMemo(() => totalsKey(config, defaultTableState(config), initialStores), [config, initialStores]);
  // With infinite scroll, the pages shown above the one the list reads: its refresh reads them again too.
  const pagesAbove = useRef<ReadonlyArray<string>>([]);
  const list = useList({
    url,
    initialUrl,
    totalsKey: totalsKey(config, state, stores),
    initialTotalsKey,
    initial,
    ready: restored,
    refreshEveryTime: state.refreshEveryTime,
    listUrl: config.listUrl,
    resource: config.resource,
    pagesAbove,
    call: config,
    totals: config.columns.some((c) => c.total),
  });
  // With infinite scroll, every page loaded so far, as one.
  const infinite = useInfiniteScroll(config, state, setState, stores, list, pagesAbove);
  const page = infinite.page;
  // Grouped, the answer is a page of groups; the rows shown are those of the open groups, read apart.
  const contents = useGroupContents(config, state, stores, (state.mainGroup && page?.groups) || null);
  const grouping = useRowGrouping(config, state, setState, page?.groups, contents);
  const groupRows = useMemo(() => (grouping ? linesRows(grouping.lines) : null), [grouping]);
  const rows = groupRows ?? page?.data ?? noRows;
  const rowCount = page?.recordsFiltered ?? 0;
  // An answer without a value for a shown column: the server and the page disagree on the columns.
  const shownColumns = visibleColumns(config, state).join(',');
  useEffect(() => {
    const text = page && unknownColumnData(config, shownColumns.split(',').filter(Boolean), page);
    if (text) tableWarning(config.warnings, text);
  }, [page, config, shownColumns]);

  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // Marks belong to the list they were made on: a new query shows none.
  const [marked, setMarked] = useState<{ url: string; marks: Record<string, RowMark> }>({ url: '', marks: {} });
  const marks = marked.url === url ? marked.marks : noMarks;
  const [notice, setNotice] = useState<Notice | null>(null);
  /** What a screen reader is told of a change made from the keyboard in the header (a column's width). */
  const [said, say] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);

  // A new answer keeps the selection of the rows it still holds.
  useEffect(() => {
    const keys = new Set(rows.map((r) => String(r[config.key])));
    setRowSelection((current) => Object.fromEntries(Object.entries(current).filter(([k, on]) => on && keys.has(k))));
  }, [rows, config.key]);
  // A page past the end (rows removed since the state was saved): the last page there is.
  useEffect(() => {
    if (page && (page.groups ?? page.data).length === 0 && state.page > 0 && page.recordsFiltered > 0 && state.pageSize > 0)
      setState({ page: Math.ceil(page.recordsFiltered / state.pageSize) - 1 });
  }, [page, state.page, state.pageSize, setState]);

  const table = useDataTable({ config, state, setState, rows, rowCount, rowSelection, setRowSelection, marks });
  const layout = useColumnLayout(config, state, setState);
  const phoneHidden = useMemo(() => phoneHiddenColumns(config, state), [config, state]);
  const nameOf = useCallback((row: Row) => rowName(config, row), [config]);
  const selectedKeys = Object.keys(rowSelection).filter((k) => rowSelection[k]);

  const markRows = useCallback(
    (keys: ReadonlyArray<unknown>, mark: RowMark) => {
      const ids = keys.map(String);
      setMarked((current) => ({
        url,
        marks: { ...(current.url === url ? current.marks : {}), ...Object.fromEntries(ids.map((id) => [id, mark])) },
      }));
      // Rows removed stay in sight until the table is read again (change-outcome.ts), but are gone: none is chosen.
      if (mark === 'removed') setRowSelection((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !ids.includes(id))));
    },
    [url],
  );
  // A refresh reads the open groups' contents again too, once the page of groups is in.
  const reloadGroups = useRef(contents.reload);
  reloadGroups.current = contents.reload;
  const refresh = useCallback(
    async (delayMs?: number) => {
      await list.refresh(delayMs);
      reloadGroups.current();
    },
    [list.refresh],
  );
  const notify = useCallback((text: string, kind: Notice['kind'], action?: NoticeAction) => setNotice({ text, kind, action }), []);
  const endNotice = useCallback(() => setNotice(null), []);
  const host = useTableHost(container, {
    config,
    state,
    setState,
    stores,
    rows,
    rowCount,
    selectedKeys,
    refresh,
    showRows: list.showRows,
    markRows,
    notify,
    view,
    viewChanged,
    showView,
    nameView,
  });

  const onAction = (action: ToolbarAction) => void runAction(action, host, state, setState);
  // A shortcut does what its button does, when its button would (shortcuts/shortcuts.ts).
  useShortcuts(container, (action: ShortcutAction) => {
    if (action === 'search') container.current?.querySelector<HTMLInputElement>('.dt-search input')?.focus();
    else if (shortcutWorks(config, selectedKeys.length, action)) onAction(action);
  });
  // Hydrated: what a person did before the code came is replayed now (islands/on-use.ts); after the
  // shortcuts' listener is in, for a key pressed meanwhile is pressed again.
  useEffect(() => {
    container.current?.dispatchEvent(new Event(HYDRATED_EVENT, { bubbles: true }));
  }, []);
  const onSearch = useCallback((search: string) => setState({ search, page: 0 }), [setState]);
  const start = infinite.start;
  const pageCount = state.pageSize === -1 ? 1 : Math.max(1, Math.ceil(rowCount / state.pageSize));

  return (
    <div className="data-table" ref={container}>
      <Toolbar
        config={config}
        selected={selectedKeys.length}
        rowCount={rows.length}
        syncedAt={page?.syncedAt ?? null}
        view={view && { name: view.Name, changed: viewChanged }}
        printUrl={printUrl(config, state, stores)}
        onAction={onAction}
        onSelectAll={(select) => table.toggleAllPageRowsSelected(select)}
      />
      <TableControls
        pageSize={state.pageSize}
        search={state.search}
        onPageSize={(pageSize) => setState({ pageSize, page: 0 })}
        onSearch={onSearch}
      />
      <FilterBar config={config} state={state} page={page} onFilters={(change) => setState({ ...change, page: 0 })} />
      <TableNotice notice={notice} onEnd={endNotice} />
      <ChangedElsewhere changed={list.changedElsewhere} onRefresh={() => void refresh()} />
      <ScrollRegion
        label={config.title}
        ref={infinite.region}
        className={[infinite.on ? 'dt-infinite' : '', rows.length === 0 ? 'dt-scroll-empty' : ''].filter(Boolean).join(' ')}
      >
        <table className="simple-table dt-table" aria-busy={list.loading || undefined}>
          <TableHead table={table} layout={layout} phoneHidden={phoneHidden} announce={say} />
          <TableBody
            table={table}
            marks={marks}
            error={list.error}
            loading={list.loading}
            searched={state.search.trim() !== '' || Object.keys(state.filters).length > 0}
            sizes={layout.sizes}
            grouping={grouping}
            phoneHidden={phoneHidden}
            rowName={nameOf}
          />
          <TableFoot table={table} totals={list.totals} pending={list.totalsPending} sizes={layout.sizes} phoneHidden={phoneHidden} />
        </table>
      </ScrollRegion>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <p className="dt-processing" hidden={!list.loading}>
        {tableMsg('processing')}
      </p>
      <div className="dt-bottom">
        <TableInfo page={page} start={start} />
        {!infinite.on && <Pager page={state.page} pageCount={pageCount} onPage={(p) => setState({ page: p })} />}
      </div>
    </div>
  );
}
