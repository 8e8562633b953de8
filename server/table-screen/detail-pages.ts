// Which resources have a detail page at `<screen>/<key>` (the table opens it in an overlay). None yet: the
// detail pages' own work adds each resource's name here as its page is built.
const withDetailPage: ReadonlySet<string> = new Set<string>();

export function hasDetailPage(resource: string): boolean {
  return withDetailPage.has(resource);
}
