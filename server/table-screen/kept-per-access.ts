// What a table screen hands its island about the user (its config: table-config.ts) depends on the user's
// access alone (what `allows` reads: super administrator, administrator, the roles), and on the words of the
// moment. Made and worded afresh on every page swap it was about 4% of a busy server's time; so it is kept
// per access, and made again in a new language. Few are kept: 5 roles make at most 32 sets.
import { currentLanguage } from '../../common/messages.ts';
import type { CurrentUser } from '../../common/roles.ts';

/** What `allows` reads of a user. */
type AccessOf = Pick<CurrentUser, 'IsAdmin' | 'IsSuperAdmin' | 'Roles'>;

/** Everything `allows` reads of a user, as one text: users alike in it are refused and allowed alike. */
const accessKey = (user: AccessOf) => JSON.stringify([user.IsSuperAdmin, user.IsAdmin, [...user.Roles].sort()]);

/** `make` kept for each access, made at the first request of each (once every plugin it reads is there). */
export function keptPerAccess<T>(make: (user: CurrentUser) => T): (user: CurrentUser) => T {
  const kept = new Map<string, T>();
  let language = currentLanguage();
  return (user) => {
    if (language !== currentLanguage()) {
      kept.clear();
      language = currentLanguage();
    }
    const key = accessKey(user);
    let value = kept.get(key);
    if (value === undefined) {
      value = make(user);
      kept.set(key, value);
    }
    return value;
  };
}
