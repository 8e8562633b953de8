// The texts every page of the browser may show, worded exactly as the specification says, and the catalogue
// machinery. Texts only some code needs are catalogues of their own that load with it: the tables'
// (table-messages.ts), field rules' (validation-messages.ts), signing in's (session-messages.ts), the parts
// that load on use (on-use-messages.ts: charts, summaries, the inbox panel, popups, date pickers), the store
// dialog's (store-dialog-messages.ts), and the server's (server/messages.ts), so a page's first load does not
// carry reports', pages', refusals' or dialogs' words. The language file (a JSON object of the same keys,
// fetched from a configured URL) may replace any of them.

export const defaultMessages = {
  // The table screens' own words (ours: the spec names the toolbar's buttons, not their labels)
  tableLastUpdated: 'last updated {0}',

  // Navigation, access and errors (sections 2, 6 and 8)
  forbidden: 'you are not Authorized to view this page or part of the page content.',
  reportFailed: 'Unable to load the report.',
  summaryEmpty: 'No Data found',
  sendToIT: 'Send to IT',
  sentToIT: 'Sent to IT Department',
  sendToITFailed: 'Unable to submit...',
  sendToITKept: 'It is kept in this browser and sent once the server answers again.',
  createTicket: 'Create Service Ticket',
  ticketUnavailable: 'service currently not available',
  reloadAndRetry: 'Reload and Try again',
  cancel: 'Cancel',

  // Ours, where the spec is silent
  serverError: 'Something went wrong on the server. The IT department can see the details.',
  badRequest: 'The request was not understood.',
  unauthenticated: 'Please sign in.',

  // Summaries, charts and the dashboard (ours, where the spec is silent; 'No Data found' is summaryEmpty)
  fieldSales: 'Sales',

  // Reports and their PDFs (ours, where the spec is silent; the empty answer is the spec's reportFailed)

  // Navigation, popups, the error dialog and error reports (ours, where the spec is silent)
  dismiss: 'Dismiss',
  close: 'Close',
  loadPanelBusy: 'Close this panel to open another',
  requestFailedTitle: 'The request could not be completed',
  labelPage: 'Page',
  labelUrl: 'Url',
  labelError: 'Error',
  labelStatus: 'Status',
  labelMessage: 'Message',
  labelExceptionMessage: 'Exception message',
  labelExceptionType: 'Exception type',
  requestTimedOut: 'The server did not answer within {0} seconds.',
  serverUnreachable: 'The server could not be reached. Please check the connection and try again.',
  pageNotShown: 'The page arrived but could not be shown.',
  failureDetails: 'Details',
  failureLeadTimeout:
    'The server took more than {0} seconds to answer, so nothing was changed: try again, and send the details to IT if it keeps happening.',
  failureLeadUnreachable: 'The server could not be reached: check the network connection, then try again.',
  failureLeadNotShown: 'The page arrived but could not be shown: try again, and send the details to IT if it keeps happening.',
  failureLeadServer: 'The server could not complete the request: try again, and send the details to IT if it keeps happening.',
  ticketDisabledNote: '"{0}" is turned off: {1}.',

  // The shell around every page (ours)
  loading: 'Loading…',

  // The store selector's label ({0}: how many chosen or all, {1}: how many the user sees, {1}/{2}: their region)
  storeScopeAll: 'All stores ({0})',
  storeScopeRegion: 'All {1} stores ({0})',
  storeScopePart: '{0} of {1} stores',
  storeScopeRegionPart: '{0} of {1} {2} stores',

  // The same on a phone, beside a store icon, the words above still read out: every store ({0}), a part ({0} of {1})
  storeScopeShortAll: '{0}',
  storeScopeShortPart: '{0}/{1}',
  apply: 'Apply',

  // Forms (ours): the marker of a required field, and hints under labels ({0}, {1}: the field's minLength, maxLength)
  fieldRequired: '(required)',
  hintDate: 'Day, month and year, for example 31/01/2025.',
  hintUserName: '{0} to {1} characters: letters, digits, dots, dashes and underscores, no spaces.',
  hintPassword: 'At least {0} characters.',
  hintTokenExpiry: 'The last day the token works: a machine then needs a new one.',
  hintTemporaryPassword:
    'At least {0} characters. Leave it blank to keep the password; once set, the user must choose their own at their next sign-in.',

  // Pages (ours)
  popupPrint: 'Print',

  // The real-time hub and the inbox (ours)
  inboxLabel: 'Inbox',
  inboxMessages: 'Messages',
  inboxAlerts: 'Alerts',
  inboxNotifications: 'Notifications',
  inboxUnread: '{0}: {1} unread',
  inboxNewMessage: 'Message from {0}: {1}',
  inboxNewAlert: 'Alert: {0}',
  inboxNewNotification: '{0}',
  inboxSystem: 'Backroom',

  // Words of formatted values (spec section 9: time-ago units; date-range units; booleans in tables)
  unitYear: 'year',
  unitYears: 'years',
  unitMonth: 'month',
  unitMonths: 'months',
  unitDay: 'day',
  unitDays: 'days',
  unitHour: 'hour',
  unitHours: 'hours',
  unitMinute: 'minute',
  unitMinutes: 'minutes',
  unitSecond: 'second',
  unitSeconds: 'seconds',
  timeAgoPast: '{0} {1} ago',
  timeAgoFuture: 'in {0} {1}',
  timeAgoNow: 'just now',
  yes: 'Yes',
  no: 'No',
} as const;

export type MessageKey = keyof typeof defaultMessages;

/** `defaults` with a language file's strings in their place; unknown keys and non-strings are ignored. */
export function withLanguage<K extends string>(defaults: Readonly<Record<K, string>>, strings: Record<string, unknown>): Record<K, string> {
  const next: Record<K, string> = { ...defaults };
  for (const key of Object.keys(defaults) as K[]) {
    const value = strings[key];
    if (typeof value === 'string') next[key] = value;
  }
  return next;
}

export function fill(template: string, args: ReadonlyArray<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => {
    const arg = args[Number(i)];
    return arg === undefined ? whole : String(arg);
  });
}

/** Every catalogue's way to take a language file's strings; the strings last taken, for catalogues still to come. */
const catalogues: Array<(strings: Record<string, unknown>) => void> = [];
let language: Record<string, unknown> = {};

/**
 * A catalogue of texts: the function giving the text for a key with `{0}`, `{1}`... replaced by its arguments
 * in order, following the language file; a language file read before the catalogue came reaches it too.
 */
export function catalogue<K extends string>(defaults: Readonly<Record<K, string>>): (key: K, ...args: Array<string | number>) => string {
  let active = withLanguage(defaults, language);
  catalogues.push((strings) => {
    active = withLanguage(defaults, strings);
  });
  return (key, ...args) => fill(active[key], args);
}

/** A language file's string for a key of no catalogue (a resource's words: common/resources/words.ts), if it has one. */
export function languageText(key: string): string | undefined {
  const value = language[key];
  return typeof value === 'string' ? value : undefined;
}

/** The language file's strings in use: a new object whenever useLanguage is called (what words a rendering used). */
export function currentLanguage(): Readonly<Record<string, unknown>> {
  return language;
}

/** Replaces every catalogue's defaults with a language file's strings. */
export function useLanguage(strings: Record<string, unknown>): void {
  language = strings;
  for (const take of catalogues) take(strings);
}

/** The text the browser and server show for `key`. */
export const msg = catalogue(defaultMessages);
