// Full-numbers pagination (spec section 9): First, Previous, up to 5 page buttons around the current page,
// Next, Last; each page button is named "Page N". The current page's button says so (aria-current); buttons that lead nowhere are disabled.
import { tableMsg } from '../../common/table-messages.ts';

const PAGE_BUTTONS = 5;

/** The pages whose buttons show: up to PAGE_BUTTONS consecutive pages, the current one as central as fits. */
export function pageWindow(page: number, pageCount: number): number[] {
  const count = Math.min(PAGE_BUTTONS, pageCount);
  const first = Math.max(0, Math.min(page - Math.floor(count / 2), pageCount - count));
  return Array.from({ length: count }, (_, i) => first + i);
}

interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

export function Pager({ page, pageCount, onPage }: PagerProps) {
  const last = Math.max(0, pageCount - 1);
  const step = (label: string, target: number, className: string) => (
    <button type="button" className={`dt-page ${className}`} disabled={pageCount <= 1 || target === page} onClick={() => onPage(target)}>
      {label}
    </button>
  );
  return (
    <div className="dt-pager">
      {step(tableMsg('tableFirst'), 0, 'dt-first')}
      {step(tableMsg('tablePrevious'), Math.max(0, page - 1), 'dt-previous')}
      {pageWindow(page, pageCount).map((p) => (
        <button
          key={p}
          type="button"
          className="dt-page dt-page-number"
          aria-label={tableMsg('tablePage', p + 1)}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => onPage(p)}
        >
          {p + 1}
        </button>
      ))}
      {step(tableMsg('tableNext'), Math.min(last, page + 1), 'dt-next')}
      {step(tableMsg('tableLast'), last, 'dt-last')}
    </div>
  );
}
