// The TanStack Table features the island registers, at module scope so their reference is stable (v9
// reads them once). The table runs in manual mode: the server sorts, pages and searches; the table keeps
// sort, paging, selection and visibility state and their handlers. Grouping, sizing and ordering features
// join this list when those screens' code plugs in (README in this folder).
import {
  columnVisibilityFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';

export const features = tableFeatures({ rowPaginationFeature, rowSortingFeature, rowSelectionFeature, columnVisibilityFeature });
export type Features = typeof features;
