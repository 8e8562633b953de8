// An inbox item is added for one user or for a group (each member then gets a copy), never both, never
// neither: the form's two recipient fields are each optional on their own (common/resources/inbox.ts).
import { msg } from '../messages.ts';
import type { RowRule } from '../resources/resource-sql.ts';

export const recipientRule: RowRule = (_user, before, sent) => {
  if (before) return null;
  const given = sent.filter((s) => (s.column.name === 'UserID' || s.column.name === 'GroupID') && s.value !== null);
  if (given.length === 1) return null;
  const message = msg('inboxRecipientWhich');
  return { error: message, fields: { UserID: message } };
};
