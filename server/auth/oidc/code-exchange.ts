// The provider's answer to a sign-in, checked and turned into tokens and claims (openid-client): the code is
// exchanged with the PKCE verifier, the answer's state and the ID token's signature, issuer, audience, expiry
// and nonce are checked against the sign-in this browser started. Claims the ID token lacks (the user claim,
// the groups: providers put some only in the user info, by scope or by size) are read from the user info.
// Throws what openid-client throws (provider-errors.ts reads it).
import * as client from 'openid-client';
import type { ProviderClient } from './provider-client.ts';
import type { PendingSignIn } from './pending-sign-in.ts';
import type { ProviderClaims } from './provider-users.ts';

export type Tokens = client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;

/** `callback`: the URL the provider sent the browser to, with its query (code, state, iss, or an error). */
export async function exchangeCode(
  provider: ProviderClient,
  callback: URL,
  pending: PendingSignIn,
): Promise<{ tokens: Tokens; claims: ProviderClaims }> {
  const { settings } = provider;
  const config = await provider.configuration();
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: pending.verifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  let claims: ProviderClaims = { ...tokens.claims() };
  if ((!(settings.userClaim in claims) || !(settings.groupsClaim in claims)) && config.serverMetadata().userinfo_endpoint) {
    const info = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
    // The ID token's claims win where both have one: it is signed.
    claims = { ...info, ...claims };
  }
  return { tokens, claims };
}
