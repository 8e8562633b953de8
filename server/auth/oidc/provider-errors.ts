// What went wrong in a call to the provider, read from openid-client's errors, which may wrap the cause
// (a ClientError around oauth4webapi's own): refused by the provider, a check of its answer that failed,
// or the provider not reached at all.
import * as client from 'openid-client';

/** oauth4webapi's code for an ID token claim that is not the one expected (its `cause.claim` names which). */
const CLAIM_MISMATCH = 'OAUTH_JWT_CLAIM_COMPARISON_FAILED';

export type ProviderFailure = { kind: 'refused'; reason: string } | { kind: 'nonce' } | { kind: 'unreachable' } | { kind: 'unchecked' };

function* chain(err: unknown): Generator<unknown> {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) yield e;
}

export function providerFailure(err: unknown): ProviderFailure {
  for (const e of chain(err)) {
    if (e instanceof client.AuthorizationResponseError || e instanceof client.ResponseBodyError) {
      return { kind: 'refused', reason: e.error_description || e.error };
    }
    const { code, cause } = e as { code?: unknown; cause?: { claim?: unknown } };
    if (code === CLAIM_MISMATCH && cause?.claim === 'nonce') return { kind: 'nonce' };
  }
  // fetch fails with a TypeError ("fetch failed") when the provider cannot be reached, its cause the socket's error.
  for (const e of chain(err)) if (e instanceof TypeError) return { kind: 'unreachable' };
  return { kind: 'unchecked' };
}
