// Whether a password signs a user in: always, unless passwords are switched off (PASSWORD_SIGN_IN=off), when
// only the break-glass super administrator's does (docs/configuration.md, "Company sign-in"). The sign-in
// form asks it, and the pages, which offer "Change password" only to those whose password is of use.
import type { Config } from '../config.ts';

export function passwordSignsIn(config: Config, userName: string, isSuperAdmin: boolean): boolean {
  const { enabled, breakGlassUser } = config.passwordSignIn;
  if (enabled) return true;
  return !!breakGlassUser && isSuperAdmin && userName.toLowerCase() === breakGlassUser.toLowerCase();
}
