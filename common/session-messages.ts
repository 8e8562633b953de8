// The words of signing in: the sign-in page's, those of signing in again over an open form
// (islands/shell/sign-in-again.ts), and those of a page loaded again for access that changed
// (islands/shell/access-reload.ts). A catalogue of its own (common/messages.ts), so they come to the browser
// with that dialog rather than with every page; the server reaches them through server/messages.ts.
import { catalogue } from './messages.ts';

export const sessionMessages = {
  signIn: 'Sign in',
  userNameLabel: 'User name',
  passwordLabel: 'Password',
  // A session that ended under an open form: signing in again in place keeps what was typed
  sessionEnded: 'Your session has ended',
  sessionEndedText: 'Sign in again to go on. What you typed is kept, and is sent once you are signed in.',
  // The user's access changed (an administrator's edit) while a page was open: it loads again
  accessChanged: 'Your access has changed: the page was loaded again to show what you may see now.',
  accessChangedPending: 'Your access has changed: the page loads again when you close this dialog.',
} as const;

export type SessionMessageKey = keyof typeof sessionMessages;

export const sessionMsg = catalogue(sessionMessages);
