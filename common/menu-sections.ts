// The side menu's sections (headings without a page of their own), by key: a screen's menu entry names the
// section it sits under (a resource's in its definition, a page's in server/shell/menu-entries.ts).
import type { IconName } from './icons.ts';

export const menuSections = ['stores', 'sales', 'inbox', 'administration'] as const;
export type MenuSection = (typeof menuSections)[number];

/** Where a screen's entry sits in the side menu: its section (none: top level), its icon and its place. */
export interface MenuPlace {
  section?: MenuSection;
  /** A symbol of the page's SVG sprite (views/_icons.eta). */
  icon: IconName;
  /** Entries are shown by this number, whole menu through (sections and pages alike). */
  order: number;
}
