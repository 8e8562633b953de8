// Which resources' rows have a detail page of their own (server/details/detail-tables.ts): their tables link
// each row to it (TableConfig.detail), opened in an overlay.
import { detailTables } from '../details/detail-tables.ts';

export function hasDetailPage(resource: string): boolean {
  return Object.hasOwn(detailTables, resource);
}
