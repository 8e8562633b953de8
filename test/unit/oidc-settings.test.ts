// The company sign-in's settings (server/auth/oidc/oidc-settings.ts): read from the environment with their
// defaults; a setting the app cannot run with is refused with a message naming its variable; and every
// OIDC_* variable the code reads is in docs/configuration.md.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readOidcSettings, readPasswordSignIn, SettingError } from '../../server/auth/oidc/oidc-settings.ts';
import { mappedGroup, mappedRoles, providerGroups } from '../../server/auth/oidc/provider-users.ts';
import { root } from '../support/template-db.ts';

const base = { OIDC_ISSUER: 'https://login.example.com/tenant/v2.0', OIDC_CLIENT_ID: 'backroom' };

test('without an issuer there is no company sign-in; with one, the defaults', () => {
  assert.equal(readOidcSettings({}), undefined);
  const s = readOidcSettings(base)!;
  assert.equal(s.issuer.href, base.OIDC_ISSUER);
  assert.equal(s.clientSecret, undefined);
  assert.equal(s.buttonLabel, 'login.example.com');
  assert.equal(s.userClaim, 'preferred_username');
  assert.equal(s.groupsClaim, 'groups');
  assert.equal(s.scopes, 'openid profile email');
  assert.equal(s.firstSignIn, 'link');
  assert.equal(s.groupRoles, undefined);
  assert.equal(s.checkSeconds, 900);
});

test('a setting the app cannot run with is refused with a message naming its variable', () => {
  const refusals: Array<[Record<string, string>, RegExp]> = [
    [{ OIDC_ISSUER: 'login.example.com', OIDC_CLIENT_ID: 'x' }, /OIDC_ISSUER/],
    [{ OIDC_ISSUER: base.OIDC_ISSUER }, /OIDC_CLIENT_ID/],
    [{ ...base, OIDC_FIRST_SIGN_IN: 'invite' }, /OIDC_FIRST_SIGN_IN/],
    [{ ...base, OIDC_GROUP_ROLES: '{not json' }, /OIDC_GROUP_ROLES/],
    [{ ...base, OIDC_GROUP_ROLES: '["sales"]' }, /OIDC_GROUP_ROLES/],
    [{ ...base, OIDC_GROUP_ROLES: '{"g": ["sales", "boss"]}' }, /OIDC_GROUP_ROLES "g": "boss" is not a role/],
    [{ ...base, OIDC_GROUP_GROUPS: '{"g": 3}' }, /OIDC_GROUP_GROUPS "g"/],
    [{ ...base, OIDC_CHECK_SECONDS: '0' }, /OIDC_CHECK_SECONDS/],
    [{ ...base, OIDC_REDIRECT_URL: '/callback' }, /OIDC_REDIRECT_URL/],
  ];
  for (const [env, message] of refusals)
    assert.throws(
      () => readOidcSettings(env),
      (err: Error) => err instanceof SettingError && message.test(err.message),
    );
});

test('passwords stay on unless switched off, which needs a provider to sign everyone else in', () => {
  assert.deepEqual(readPasswordSignIn({}), { enabled: true, breakGlassUser: undefined });
  assert.deepEqual(readPasswordSignIn({ ...base, PASSWORD_SIGN_IN: 'off', BREAK_GLASS_USER: 'admin' }), {
    enabled: false,
    breakGlassUser: 'admin',
  });
  assert.throws(() => readPasswordSignIn({ PASSWORD_SIGN_IN: 'off' }), /OIDC_ISSUER/);
  assert.throws(() => readPasswordSignIn({ PASSWORD_SIGN_IN: 'maybe' }), /PASSWORD_SIGN_IN/);
});

test("the provider's groups give roles (every group's, once each) and a group (the first one matched)", () => {
  const s = readOidcSettings({
    ...base,
    OIDC_GROUPS_CLAIM: 'roles',
    OIDC_GROUP_ROLES: '{"sales-team": ["sales", "reports"], "analysts": "reports", "it": ["it"]}',
    OIDC_GROUP_GROUPS: '{"west": "WE", "hq": "HQ"}',
  })!;
  const groups = providerGroups({ roles: ['analysts', 'sales-team', 'hq', 'west', 7] }, s);
  assert.deepEqual(groups, ['analysts', 'sales-team', 'hq', 'west']);
  assert.deepEqual(mappedRoles(groups, s), ['reports', 'sales']);
  assert.equal(mappedGroup(groups, s), 'HQ');
  assert.deepEqual(providerGroups({ roles: 'it' }, s), ['it']);
  assert.deepEqual(mappedRoles([], s), []);
  assert.equal(mappedRoles(groups, readOidcSettings(base)!), undefined, 'no mapping: roles are left alone');
});

test('every OIDC_* variable the code reads is documented in docs/configuration.md', () => {
  const code = readFileSync(join(root, 'server/auth/oidc/oidc-settings.ts'), 'utf8');
  const docs = readFileSync(join(root, 'docs/configuration.md'), 'utf8');
  const variables = new Set([...code.matchAll(/env\.((?:OIDC|PASSWORD|BREAK)_[A-Z_]+)/g)].map((m) => m[1]!));
  assert.ok(variables.size >= 10);
  for (const name of variables) assert.ok(docs.includes(`| \`${name}\` |`), `${name} is in the table`);
});
