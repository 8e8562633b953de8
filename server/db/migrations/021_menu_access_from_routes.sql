-- Who sees a menu entry is decided by the rule of the page it opens, in the program (server/shell/menu.ts):
-- one rule for the page, its API and its entry. The entries' own role and admin flags were a second source,
-- copied once and never updated, which could only disagree with the page: what super administrators change in
-- the menus table now is an entry's title, place, order and icon, never who may see it.
alter table menus drop column required_role;
alter table menus drop column admin_only;
alter table menus drop column super_admin_only;
