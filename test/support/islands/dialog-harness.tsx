// A small table host for testing the row dialogs on their own (islands/data-table/dialogs): the first rows
// of a resource with checkboxes, Add, Edit and Delete buttons that load the dialogs as the table island
// does, and the TableHost calls made visible (each row's mark, the notices, the number of refreshes).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Row, TableConfig } from '../../../common/table-config.ts';
import type { RowMark, TableHost } from '../../../islands/data-table/table-host.ts';

const loadDialogs = () => import('../../../islands/data-table/dialogs/row-dialogs.tsx');

export default function DialogHarness({ config, rowCount = 5 }: { config: TableConfig; rowCount?: number }) {
  const [rows, setRows] = useState<Row[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<unknown>>(new Set());
  const [marks, setMarks] = useState<ReadonlyMap<unknown, RowMark>>(new Map());
  const [notices, setNotices] = useState<Array<{ text: string; kind: string }>>([]);
  const [refreshes, setRefreshes] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const load = useCallback(async () => {
    const sort = config.columns.findIndex((c) => c.name === config.defaultSort[0]?.column);
    const params = new URLSearchParams({
      draw: '1',
      start: '0',
      length: String(rowCount),
      'order[0][column]': String(sort),
      'order[0][dir]': 'asc',
    });
    config.columns.forEach((c, i) => params.set(`columns[${i}][data]`, c.name));
    const res = await fetch(`${config.listUrl}?${params}`, { headers: { Accept: 'application/json' } });
    setRows(((await res.json()) as { data: Row[] }).data);
  }, [config, rowCount]);

  useEffect(() => {
    void load();
  }, [load]);

  const host = (): TableHost => ({
    config,
    container: container.current!,
    selectedRows: () => rowsRef.current.filter((r) => selectedRef.current.has(r[config.key])),
    listQuery: () => new URLSearchParams(),
    view: () => ({ visible: config.columns.map((c) => c.name), mainGroup: null, subGroup: null }),
    refresh: async () => {
      setRefreshes((n) => n + 1);
      await load();
    },
    markRows: (keys, mark) => setMarks((old) => new Map([...old, ...keys.map((k) => [k, mark] as const)])),
    notify: (text, kind) => setNotices((old) => [...old, { text, kind }]),
  });

  const toggle = (key: unknown) =>
    setSelected((old) => {
      const next = new Set(old);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const chosen = rows.filter((r) => selected.has(r[config.key]));

  return (
    <div ref={container} className="dialog-harness" data-refreshes={refreshes} data-rows={rows.length}>
      <button type="button" onClick={async () => (await loadDialogs()).openInsertDialog(host())}>
        Add
      </button>
      <button type="button" disabled={chosen.length !== 1} onClick={async () => (await loadDialogs()).openUpdateDialog(host(), chosen[0]!)}>
        Edit
      </button>
      <button type="button" disabled={chosen.length === 0} onClick={async () => (await loadDialogs()).openDeleteDialog(host(), chosen)}>
        Delete
      </button>
      <table>
        <tbody>
          {rows.map((row) => {
            const key = row[config.key];
            return (
              <tr key={String(key)} data-key={String(key)} data-mark={marks.get(key)}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${String(row.Name)}`}
                    checked={selected.has(key)}
                    onChange={() => toggle(key)}
                  />
                </td>
                {config.columns
                  .filter((c) => !c.hidden)
                  .map((c) => (
                    <td key={c.name} data-column={c.name}>
                      {String(row[c.name] ?? '')}
                    </td>
                  ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <ul className="harness-marks">
        {[...marks].map(([key, mark]) => (
          <li key={String(key)} data-mark-key={String(key)}>
            {mark}
          </li>
        ))}
      </ul>
      <ul className="harness-notices">
        {notices.map((n, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: notices are only ever appended
          <li key={i} data-kind={n.kind}>
            {n.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
