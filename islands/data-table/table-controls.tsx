// Above the table: "Show [10|25|50|100|All] entries" and the search box (type=search, labelled Search:),
// which asks the server once typing pauses; `/` brings the focus to it (shortcuts/).
import { useEffect, useId, useRef, useState } from 'react';
import { tableMsg } from '../../common/table-messages.ts';
import { pageSizes } from '../../common/table-state.ts';

const SEARCH_PAUSE_MS = 400;

interface TableControlsProps {
  pageSize: number;
  search: string;
  onPageSize: (size: number) => void;
  onSearch: (text: string) => void;
}

export function TableControls({ pageSize, search, onPageSize, onSearch }: TableControlsProps) {
  const id = useId();
  const [typed, setTyped] = useState(search);
  const sent = useRef(search);
  // A search set elsewhere (a restored state) shows in the box.
  useEffect(() => {
    sent.current = search;
    setTyped(search);
  }, [search]);
  useEffect(() => {
    if (typed === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = typed;
      onSearch(typed);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, onSearch]);
  const [before, after = ''] = tableMsg('lengthMenu').split('_MENU_');
  return (
    <div className="dt-controls">
      <label className="dt-length">
        {before}
        <select value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size === -1 ? tableMsg('tableAll') : size}
            </option>
          ))}
        </select>
        {after}
      </label>
      <span className="dt-search">
        <label htmlFor={`${id}search`}>{tableMsg('search')}</label>
        <input
          id={`${id}search`}
          type="search"
          value={typed}
          maxLength={200}
          aria-keyshortcuts="/"
          onChange={(e) => setTyped(e.target.value)}
        />
      </span>
    </div>
  );
}
