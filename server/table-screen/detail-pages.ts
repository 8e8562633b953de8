// Which resources' rows have a detail page of their own at `<screen path>/<key>` (server/routes/stores/,
// admin/users/, admin/user-errors/): their tables link each row to it (TableConfig.detail), opened in an
// overlay.
const withDetailPage: ReadonlySet<string> = new Set(['stores', 'users', 'user-errors']);

export function hasDetailPage(resource: string): boolean {
  return withDetailPage.has(resource);
}
