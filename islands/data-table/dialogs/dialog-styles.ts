// The tables' dialogs' own styles (static/css/table-dialogs.css: bulk edit, the rows a delete names, an
// issued token, the import dialog) are a stylesheet of their own, loaded before the first such dialog opens
// rather than with every page, so a page without tables stays within its first-load budget. A sheet that
// fails to load leaves the dialog plainer, never unopened.
const loading = new Map<string, Promise<void>>();

export function dialogStyles(href: string | undefined): Promise<void> {
  if (!href) return Promise.resolve();
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
