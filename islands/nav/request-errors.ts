// Requests that got no usable answer open the error dialog: the spec's 10 s swap timeout (htmx's
// defaultTimeout, from <meta name="htmx-config">), an unreachable server, or a page that arrived but
// could not be swapped in. Requests htmx abandoned on purpose (a newer one replaced them) stay silent.
import htmx from 'htmx.org';
import { msg } from '../../common/messages.ts';
import { showErrorDialog } from './error-dialog.ts';
import { failedRequest } from './page-visit.ts';

export function startRequestErrors(): void {
  document.addEventListener('htmx:error', (event) => {
    const { ctx, error } = event.detail;
    if (!ctx?.request) return;
    const timedOut = ctx.request.signal?.reason === 'timeout';
    const status = ctx.response?.status ?? 0;
    const seconds = Math.round(htmx.config.defaultTimeout / 1000);
    showErrorDialog({
      ...failedRequest(ctx),
      lead: timedOut ? msg('failureLeadTimeout', seconds) : ctx.response ? msg('failureLeadNotShown') : msg('failureLeadUnreachable'),
      error: timedOut ? 'timeout' : ctx.response ? 'swap error' : 'network error',
      status,
      message: timedOut ? msg('requestTimedOut', seconds) : ctx.response ? msg('pageNotShown') : msg('serverUnreachable'),
      exceptionMessage: error instanceof Error ? error.message : String(error),
      exceptionType: error instanceof Error ? error.name : timedOut ? 'TimeoutError' : typeof error,
      requestId: ctx.response?.headers.get('X-Request-Id') ?? '',
    });
  });
}
