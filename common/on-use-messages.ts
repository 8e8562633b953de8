// The words of the parts of a page that load when first used, not with every page: charts and summary
// tables (islands), the inbox panel, popup overlays, date pickers and the user-name check of forms. A
// catalogue of its own (common/messages.ts), so they come to the browser with that code; the server reaches
// them through server/messages.ts.
import { catalogue } from './messages.ts';

export const onUseMessages = {
  chartLineSummary: '{0} cycles from {1} to {2}. Highest: {3} in {4}. Lowest: {5} in {6}.',
  chartFigures: 'Figures',
  summaryMore: 'Show {0} more',
  summaryLess: 'Show fewer',
  inboxMarkAllRead: 'Mark all read',
  inboxMarkUnread: 'Mark unread',
  inboxMarkRead: 'Mark read',
  inboxSeeAll: 'See all',
  inboxEmpty: 'Nothing here yet.',
  popupFailed: 'Failed to load the url.',
  usernameChecking: 'checking the user name…',
  datePickerOpen: 'Choose the {0} from a calendar',
} as const;

export type OnUseMessageKey = keyof typeof onUseMessages;

export const onUseMsg = catalogue(onUseMessages);
