// The icons the app draws (views/_icons.eta holds one symbol per name, a test holds the two in step): a menu
// entry names one of them, or none.
export const iconNames = [
  'home',
  'store',
  'map',
  'calendar',
  'chart',
  'table',
  'sum',
  'report',
  'inbox',
  'mail',
  'bell',
  'alert',
  'info',
  'gear',
  'users',
  'menu',
  'list',
  'bug',
  'key',
] as const;
export type IconName = (typeof iconNames)[number];

/** What each icon shows, for whoever picks one. */
export const iconWords: Record<IconName, string> = {
  home: 'Home',
  store: 'Store',
  map: 'Map',
  calendar: 'Calendar',
  chart: 'Chart',
  table: 'Table',
  sum: 'Sum',
  report: 'Report',
  inbox: 'Inbox',
  mail: 'Envelope',
  bell: 'Bell',
  alert: 'Warning sign',
  info: 'Information',
  gear: 'Gear',
  users: 'People',
  menu: 'Menu',
  list: 'List',
  bug: 'Bug',
  key: 'Key',
};
