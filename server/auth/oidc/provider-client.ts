// The app's client at the company's OpenID Connect provider, through openid-client 6: its metadata is
// discovered on first use, not at start (a provider down while Backroom starts must not stop Backroom; the
// sign-in that needed it fails, and the next one asks again). Discovery is kept for an hour, so a provider's
// rotated keys and moved endpoints are picked up without a restart.
import * as client from 'openid-client';
import type { OidcSettings } from './oidc-settings.ts';

const REDISCOVER_MS = 3_600_000;

export interface ProviderClient {
  settings: OidcSettings;
  /** The provider's metadata and this client's credentials; throws when the provider cannot be reached. */
  configuration(): Promise<client.Configuration>;
}

/** Loopback issuers (a provider on this machine, as in the tests) may speak plain HTTP; any other must use HTTPS. */
function isLoopback(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
}

export function providerClient(settings: OidcSettings): ProviderClient {
  let discovered: { at: number; config: Promise<client.Configuration> } | undefined;
  const discover = async () => {
    const insecure = settings.issuer.protocol === 'http:' && isLoopback(settings.issuer);
    const config = await client.discovery(
      settings.issuer,
      settings.clientId,
      settings.clientSecret,
      settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
      insecure ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    return config;
  };
  return {
    settings,
    configuration() {
      if (!discovered || Date.now() - discovered.at > REDISCOVER_MS) {
        const attempt = { at: Date.now(), config: discover() };
        // A failed discovery is not kept: the next sign-in tries again.
        attempt.config.catch(() => {
          if (discovered === attempt) discovered = undefined;
        });
        discovered = attempt;
      }
      return discovered.config;
    },
  };
}
