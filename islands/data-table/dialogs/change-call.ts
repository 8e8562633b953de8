// One change call of a table: POST (add), PATCH (edit) or DELETE on its list URL, JSON with the CSRF header,
// answered { Succeed, Failed, Data, Error } (server/table-api/change/change-rows.ts). A call that brings no
// such answer (the network is down, a 403 or 500 with the app's `{ error }`, a body that is not JSON) comes
// back in the same shape, refused as a whole with the text to show, so the dialogs read one kind of answer.
// A session that has ended (401) is signed in again in place, and the change sent again: the dialog, and
// what was typed in it, stay as they were. So is a change refused 403 because the page carries an older
// session's token (the person signed in again in another tab), once the page has read the session's own.
// An undo (POST <list URL>/undo with the change's UndoID) is sent and answered the same way.
import { msg } from '../../../common/messages.ts';
import { tableMsg } from '../../../common/table-messages.ts';
import type { Row } from '../../../common/table-config.ts';
import { jsonHeaders } from '../../shell/csrf.ts';

export type ChangeAction = 'add' | 'edit' | 'delete';

const methods: Record<ChangeAction, string> = { add: 'POST', edit: 'PATCH', delete: 'DELETE' };

/** One row the server did not change: its key (null for an add), why, and the fields to blame, by name. */
export interface RowFailure {
  key: unknown;
  error: string;
  fields?: Record<string, string>;
  /** The row changed or went since it was read: the table is read again. */
  conflict?: boolean;
}

export interface ChangeAnswer {
  Succeed: unknown[];
  Failed: RowFailure[];
  Data: Row[];
  /** The request refused as a whole (nothing was changed), in words to show. */
  Error: string | null;
  /** An edit or delete that changed rows: the id that undoes it, for a short while (common/undo.ts). */
  UndoID?: number;
}

const refused = (error: string): ChangeAnswer => ({ Succeed: [], Failed: [], Data: [], Error: error });

function isAnswer(json: unknown): json is ChangeAnswer {
  const a = json as Partial<ChangeAnswer> | null;
  return typeof a === 'object' && a !== null && Array.isArray(a.Succeed) && Array.isArray(a.Failed);
}

export function sendChange(url: string, action: ChangeAction, body: Record<string, unknown>): Promise<ChangeAnswer> {
  return send(url, methods[action], body);
}

/** Undoes the change `undoId` answered, on the table at `url` (its list URL). */
export function sendUndo(url: string, undoId: number): Promise<ChangeAnswer> {
  return send(`${url}/undo`, 'POST', { UndoID: undoId });
}

async function send(url: string, method: string, body: Record<string, unknown>): Promise<ChangeAnswer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { method, headers: jsonHeaders(), body: JSON.stringify(body) });
    text = await res.text();
  } catch {
    return refused(msg('serverUnreachable'));
  }
  if ((res.status === 401 || res.status === 403) && (await (await import('../../shell/sign-in-again.ts')).renewedAfter(res.status))) {
    return send(url, method, body);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refused(tableMsg('jsonParse'));
  }
  if (isAnswer(json)) return { ...json, Data: json.Data ?? [], Error: json.Error ?? null };
  const error = (json as { error?: unknown } | null)?.error;
  return refused(typeof error === 'string' && error ? error : tableMsg('jsonParse'));
}
