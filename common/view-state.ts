// The application view state (spec section 3): what a tab holds for its user, loaded once per tab from
// GET /api/common/view-state and kept current by the hub. Lists of stores (all the user may see; the
// selection stays in local storage: store-selection.ts), cycles, states, groups and menus; and messages,
// alerts and notifications, each item with its IsRead flag. Each part can be loaded again on its own.
import { inboxKinds, type InboxItem, type InboxResource } from './inbox-kinds.ts';

/** The parts the server reads from tables, and loads again when a `view-state` frame names them. */
export const listParts = ['stores', 'cycles', 'states', 'groups', 'menus'] as const;
export type ListPart = (typeof listParts)[number];
export type ViewStatePart = ListPart | InboxResource;
export const viewStateParts: ReadonlyArray<ViewStatePart> = [...listParts, ...inboxKinds.map((k) => k.name)];

export function isViewStatePart(value: string): value is ViewStatePart {
  return (viewStateParts as ReadonlyArray<string>).includes(value);
}

export interface StoreEntry {
  StoreID: number;
  StoreNumber: number;
  Name: string;
  StateCode: string;
}

export interface CycleEntry {
  CycleID: number;
  Kind: 'weekly' | 'monthly';
  Name: string;
  StartDate: string;
  EndDate: string;
}

export interface StateEntry {
  StateID: number;
  Code: string;
  Name: string;
  Region: string;
}

export interface GroupEntry {
  GroupID: number;
  Code: string;
  Name: string;
}

export interface MenuEntry {
  MenuID: number;
  Title: string;
  Url: string;
  Icon: string;
  Children: MenuEntry[];
}

/** One kind of inbox item: how many are unread, and the newest (each with IsRead). */
export interface InboxList {
  Unread: number;
  Items: InboxItem[];
}

export interface ViewState {
  stores: StoreEntry[];
  cycles: CycleEntry[];
  states: StateEntry[];
  groups: GroupEntry[];
  menus: MenuEntry[];
  messages: InboxList;
  alerts: InboxList;
  notifications: InboxList;
}
