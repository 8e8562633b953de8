// The TanStack Table features the island registers, at module scope so their reference is stable (v9
// reads them once). The table runs in manual mode: the server sorts, pages and searches; the table keeps
// sort, paging, selection, visibility and column order state and their handlers. Groups are the server's
// (its order, its figures: grouping/), and widths the island's own (columns/), so those features are not here.
import {
  columnOrderingFeature,
  columnVisibilityFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';

export const features = tableFeatures({
  rowPaginationFeature,
  rowSortingFeature,
  rowSelectionFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
});
export type Features = typeof features;
