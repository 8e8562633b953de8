// The generic request-failure dialog (spec section 8): one plain sentence of what happened and what to do,
// then what failed (Page, Url, Error, Status, Message, exception message and type, and the server's id of
// the request, which IT looks up in the server's log) under a Details
// disclosure, and what the user can do: send it to IT, reload and try again, or cancel. "Create Service
// Ticket" is shown disabled, as the spec says, until a ticket service exists, and a note under the buttons
// says why.
import { msg, type MessageKey } from '../../common/messages.ts';
import { sendOrKeep } from './error-reporting.ts';
import { toast } from './toasts.ts';
import { button } from './buttons.ts';

export interface RequestFailure {
  /** What happened and what to do, in one plain sentence: the dialog's first line. */
  lead: string;
  /** The page the user was on. */
  page: string;
  /** The address that failed. */
  url: string;
  /** What went wrong in a word or two: the HTTP status text, "timeout", "network error". */
  error: string;
  /** HTTP status; 0 when no answer came. */
  status: number;
  /** The server's message, or ours when there was no answer. */
  message: string;
  exceptionMessage: string;
  exceptionType: string;
  /** The id the server gave the request (its X-Request-Id header); empty when no answer came. */
  requestId: string;
  /** "Reload and Try again" goes here: the failed page for a page visit, else the current page. */
  retryUrl: string;
}

const DIALOG_ID = 'error-dialog';

export function showErrorDialog(failure: RequestFailure): HTMLDialogElement {
  document.getElementById(DIALOG_ID)?.remove();
  const dialog = document.createElement('dialog');
  dialog.id = DIALOG_ID;
  dialog.className = 'error-dialog';
  dialog.setAttribute('aria-labelledby', `${DIALOG_ID}-title`);

  const title = document.createElement('h2');
  title.id = `${DIALOG_ID}-title`;
  title.textContent = msg('requestFailedTitle');

  const lead = document.createElement('p');
  lead.id = `${DIALOG_ID}-lead`;
  lead.className = 'error-lead';
  dialog.setAttribute('aria-describedby', lead.id);
  lead.textContent = failure.lead;

  const facts = document.createElement('dl');
  facts.className = 'error-facts';
  const rows: Array<[MessageKey, string]> = [
    ['labelPage', failure.page],
    ['labelUrl', failure.url],
    ['labelError', failure.error],
    ['labelStatus', String(failure.status)],
    ['labelMessage', failure.message],
    ['labelExceptionMessage', failure.exceptionMessage],
    ['labelExceptionType', failure.exceptionType],
    ['labelRequestId', failure.requestId],
  ];
  for (const [label, value] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = msg(label);
    const dd = document.createElement('dd');
    dd.textContent = value;
    facts.append(dt, dd);
  }
  const details = document.createElement('details');
  details.className = 'error-more';
  const summary = document.createElement('summary');
  summary.textContent = msg('failureDetails');
  details.append(summary, facts);

  const send = button(msg('sendToIT'), { className: 'primary' });
  const ticket = button(msg('createTicket'));
  ticket.disabled = true;
  const ticketNote = document.createElement('p');
  ticketNote.id = `${DIALOG_ID}-ticket-note`;
  ticketNote.className = 'dialog-note';
  ticketNote.textContent = msg('ticketDisabledNote', msg('createTicket'), msg('ticketUnavailable'));
  ticket.setAttribute('aria-describedby', ticketNote.id);
  const reload = button(msg('reloadAndRetry'));
  // What the lead sentence advises first; showModal focuses it.
  reload.autofocus = true;
  const cancel = button(msg('cancel'));
  const actions = document.createElement('menu');
  actions.className = 'dialog-actions';
  actions.append(
    ...[send, ticket, reload, cancel].map((b) => {
      const li = document.createElement('li');
      li.append(b);
      return li;
    }),
  );

  send.addEventListener('click', async () => {
    send.disabled = true;
    const sent = await sendOrKeep({
      Page: failure.page,
      Url: failure.url,
      Status: failure.status,
      ErrorThrown: failure.error,
      Message: failure.message,
      ExceptionMessage: failure.exceptionMessage,
      ExceptionType: failure.exceptionType,
      RequestId: failure.requestId,
    });
    if (sent) {
      toast('success', msg('sentToIT'));
      dialog.close();
    } else {
      // Kept, and sent once the server answers; the dialog stays open so the user can reload.
      toast('error', `${msg('sendToITFailed')} ${msg('sendToITKept')}`);
      send.disabled = false;
    }
  });
  reload.addEventListener('click', () => location.assign(failure.retryUrl));
  cancel.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => dialog.remove());

  dialog.append(title, lead, details, actions, ticketNote);
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}
