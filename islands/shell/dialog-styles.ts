// Dialogs' own styles are stylesheets of their own, loaded before the first such dialog or panel opens rather
// than with every page, so a page stays within its first-load budget: the tables' dialogs and panels
// (static/css/table-dialogs.css: bulk edit, the rows a delete names, an issued token, the import dialog, the
// Settings dialog, the filter panel) and the store selector's dialog (static/css/store-dialog.css). A sheet that fails to load leaves the dialog plainer, never
// unopened. One promise a sheet (and one for none), so that a render may wait on it (React's `use`).
const loading = new Map<string, Promise<void>>();
const none = Promise.resolve();

export function dialogStyles(href: string | undefined): Promise<void> {
  if (!href) return none;
  let done = loading.get(href);
  if (!done) {
    done = new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = () => resolve();
      link.onerror = () => resolve();
      document.head.append(link);
    });
    loading.set(href, done);
  }
  return done;
}
