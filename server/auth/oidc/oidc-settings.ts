// The company sign-in's settings, read from the environment (docs/configuration.md, "Company sign-in"):
// which OpenID Connect provider, as which client, which claim names the user, what a first sign-in does, and
// how the provider's groups become roles and a group. Unset OIDC_ISSUER: no company sign-in at all.
// And whether passwords still sign in, for everyone or only for one break-glass super administrator.
import { roleCodes, type RoleCode } from '../../../common/roles.ts';

/** What a first sign-in through the provider does with an account Backroom does not know yet. */
export const firstSignInModes = ['link', 'create'] as const;
export type FirstSignIn = (typeof firstSignInModes)[number];

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  /** Unset: a public client, which PKCE alone protects. */
  clientSecret: string | undefined;
  /** The provider's name on the sign-in page's button ("Sign in with <label>"). */
  buttonLabel: string;
  /** The claim whose value is the Backroom user name (preferred_username, email, upn...). */
  userClaim: string;
  /** The claim listing the provider's groups the user is in. */
  groupsClaim: string;
  scopes: string;
  /** Where the provider sends the browser back (as registered there); unset: this site's /login/oidc/callback. */
  redirectUrl: string | undefined;
  /** `link`: only users Backroom has (by the user claim); `create`: also a new user for anyone else. */
  firstSignIn: FirstSignIn;
  /** Provider group -> the roles it gives. Set: a provider sign-in makes the user's roles these. */
  groupRoles: ReadonlyMap<string, ReadonlyArray<RoleCode>> | undefined;
  /** Provider group -> the code of a Backroom group. Set: a provider sign-in puts the user in the first one matched. */
  groupGroups: ReadonlyMap<string, string> | undefined;
  /** The longest a Backroom session goes before it is checked again with the provider. */
  checkSeconds: number;
}

export interface PasswordSignIn {
  /** False: passwords sign in only the break-glass user. */
  enabled: boolean;
  /** The one super administrator whose password still signs in when passwords are off. */
  breakGlassUser: string | undefined;
}

/** A setting the app cannot run with: start-up stops with this message, which names the variable. */
export class SettingError extends Error {}

export function readOidcSettings(env: NodeJS.ProcessEnv): OidcSettings | undefined {
  const issuerText = env.OIDC_ISSUER?.trim();
  if (!issuerText) return undefined;
  const issuer = url('OIDC_ISSUER', issuerText);
  const clientId = env.OIDC_CLIENT_ID?.trim();
  if (!clientId) throw new SettingError('OIDC_CLIENT_ID must be set when OIDC_ISSUER is.');
  const firstSignIn = env.OIDC_FIRST_SIGN_IN?.trim() || 'link';
  if (!(firstSignInModes as ReadonlyArray<string>).includes(firstSignIn)) {
    throw new SettingError(`OIDC_FIRST_SIGN_IN must be one of ${firstSignInModes.join(', ')}, not "${firstSignIn}".`);
  }
  const redirectUrl = env.OIDC_REDIRECT_URL?.trim() || undefined;
  if (redirectUrl) url('OIDC_REDIRECT_URL', redirectUrl);
  return {
    issuer,
    clientId,
    clientSecret: env.OIDC_CLIENT_SECRET || undefined,
    buttonLabel: env.OIDC_BUTTON_LABEL?.trim() || issuer.hostname,
    userClaim: env.OIDC_USER_CLAIM?.trim() || 'preferred_username',
    groupsClaim: env.OIDC_GROUPS_CLAIM?.trim() || 'groups',
    scopes: env.OIDC_SCOPES?.trim() || 'openid profile email',
    redirectUrl,
    firstSignIn: firstSignIn as FirstSignIn,
    groupRoles: mapping('OIDC_GROUP_ROLES', env.OIDC_GROUP_ROLES, roleList),
    groupGroups: mapping('OIDC_GROUP_GROUPS', env.OIDC_GROUP_GROUPS, groupCode),
    checkSeconds: positive('OIDC_CHECK_SECONDS', env.OIDC_CHECK_SECONDS, 900),
  };
}

export function readPasswordSignIn(env: NodeJS.ProcessEnv): PasswordSignIn {
  const setting = (env.PASSWORD_SIGN_IN?.trim() || 'on').toLowerCase();
  if (setting !== 'on' && setting !== 'off') throw new SettingError(`PASSWORD_SIGN_IN must be on or off, not "${setting}".`);
  const breakGlassUser = env.BREAK_GLASS_USER?.trim() || undefined;
  if (setting === 'off' && !env.OIDC_ISSUER?.trim()) {
    throw new SettingError('PASSWORD_SIGN_IN=off needs OIDC_ISSUER: otherwise nobody but the break-glass user could sign in.');
  }
  return { enabled: setting === 'on', breakGlassUser };
}

function url(name: string, text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new SettingError(`${name} must be a full URL (https://...), not "${text}".`);
  }
}

function positive(name: string, text: string | undefined, fallback: number): number {
  if (!text?.trim()) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) throw new SettingError(`${name} must be a whole number of seconds above 0, not "${text}".`);
  return n;
}

/** A JSON object of provider group -> value, each value read by `read`; unset: undefined. */
function mapping<T>(name: string, text: string | undefined, read: (name: string, value: unknown) => T): ReadonlyMap<string, T> | undefined {
  if (!text?.trim()) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SettingError(`${name} must be a JSON object of provider group names, e.g. {"backroom-sales": ...}.`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new SettingError(`${name} must be a JSON object of provider group names, e.g. {"backroom-sales": ...}.`);
  }
  return new Map(Object.entries(parsed).map(([group, value]) => [group, read(`${name} "${group}"`, value)]));
}

function roleList(name: string, value: unknown): RoleCode[] {
  const list = Array.isArray(value) ? value : [value];
  for (const role of list) {
    if (!(roleCodes as ReadonlyArray<unknown>).includes(role)) {
      throw new SettingError(`${name}: "${String(role)}" is not a role (${roleCodes.join(', ')}).`);
    }
  }
  return list as RoleCode[];
}

function groupCode(name: string, value: unknown): string {
  if (typeof value !== 'string' || !value) throw new SettingError(`${name} must name a group by its code.`);
  return value;
}
