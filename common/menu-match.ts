// Which menu entry stands for the page at a path: the entry for the path itself, else the one whose URL is
// the longest leading part of it (Users for /admin/users/new). The dashboard ('/') stands only for itself.
// The server marks the entry on full loads and the browser after swaps, both by this rule.

export function currentMenuUrl(urls: Iterable<string>, path: string): string | null {
  let best: string | null = null;
  for (const url of urls) {
    if (url === '' || (best !== null && url.length <= best.length)) continue;
    if (url === path || (url !== '/' && path.startsWith(url.endsWith('/') ? url : `${url}/`))) best = url;
  }
  return best;
}
