// A real OpenID Connect provider for the tests (oidc-provider on a local port): one confidential client,
// accounts the test names, a sign-in page of its own (a user name, no password) and a consent taken as given.
// The test can disable an account (it can no longer sign in, and its refresh tokens stop working, as at
// Entra ID or Okta) and end every provider session (its grants revoked: refresh tokens stop working).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';
import { escapeHtml } from '../../server/escape-html.ts';

export interface TestAccount {
  sub: string;
  preferred_username: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  groups?: string[];
  disabled?: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** Where the provider may send browsers back after signing in and out (set before they are used). */
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Ends every session at the provider and revokes what they granted, as an administrator there would. */
  endSessions(): void;
  /** The provider's sessions live now (signed out at the provider: none of that browser's). */
  sessionCount(): number;
  close(): Promise<void>;
}

export const CLIENT_ID = 'backroom';

/** The tokens, grants and sessions the provider keeps, in memory, where the test can end them. */
function memoryAdapter(store: Map<string, AdapterPayload & { _model: string }>, client: () => AdapterPayload) {
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: AdapterPayload) {
      store.set(this.key(id), { ...payload, _model: this.model });
    }
    async find(id: string) {
      // The client, like a registered one, read afresh each time (its addresses are set once the app's port is known).
      if (this.model === 'Client') return id === CLIENT_ID ? client() : undefined;
      return store.get(this.key(id));
    }
    async findByUid(uid: string) {
      for (const value of store.values()) if (value._model === this.model && value.uid === uid) return value;
      return undefined;
    }
    async findByUserCode(userCode: string) {
      for (const value of store.values()) if (value._model === this.model && value.userCode === userCode) return value;
      return undefined;
    }
    async consume(id: string) {
      const value = store.get(this.key(id));
      if (value) value.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, value] of store) if (value.grantId === grantId) store.delete(key);
    }
  };
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

export async function startTestProvider(accounts: TestAccount[]): Promise<TestProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientSecret = randomBytes(16).toString('hex');
  const byId = new Map(accounts.map((a) => [a.sub, a]));
  const store = new Map<string, AdapterPayload & { _model: string }>();
  const redirectUris: string[] = [];
  const postLogoutRedirectUris: string[] = [];
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(store, () => ({
      client_id: CLIENT_ID,
      client_secret: clientSecret,
      redirect_uris: redirectUris,
      post_logout_redirect_uris: postLogoutRedirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    findAccount: async (_ctx, id) => {
      const account = byId.get(id);
      if (!account || account.disabled) return undefined;
      return { accountId: id, claims: async () => ({ ...account, disabled: undefined }) };
    },
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'given_name', 'family_name'],
      email: ['email'],
      groups: ['groups'],
    },
    scopes: ['openid', 'offline_access', 'profile', 'email', 'groups'],
    jwks: { keys: [{ ...jwk, kid: 'test', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true, logoutSource: logoutPage } },
    // A refresh token with every sign-in (real providers differ: Entra ID and Okta want offline_access).
    issueRefreshToken: async () => true,
    // Consent is taken as given: the grant is made at the first sign-in for what the client asked.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) {
        const found = await ctx.oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope(String(ctx.oidc.params!.scope));
      await grant.save();
      return grant;
    },
    ttl: { AccessToken: 600, IdToken: 600, RefreshToken: 86400, Session: 86400, Grant: 86400, Interaction: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  });
  const handle = provider.callback();
  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!match) return handle(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(`<!doctype html><html lang="en"><head><title>Test provider</title></head><body><main><h1>Test provider</h1>
<form method="post" action="/interaction/${escapeHtml(details.uid)}"><label>Account <input name="account"></label> <button>Continue</button></form></main></body></html>`);
        return;
      }
      const account = byId.get((await readForm(req)).get('account') ?? '');
      const result =
        account && !account.disabled
          ? { login: { accountId: account.sub } }
          : { error: 'access_denied', error_description: 'This account is disabled.' };
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    } catch (err) {
      res.statusCode = 500;
      res.end(String(err));
    }
  });

  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret,
    accounts: byId,
    redirectUris,
    postLogoutRedirectUris,
    endSessions() {
      for (const [key, value] of store) if (value._model === 'Session' || value._model === 'Grant') store.delete(key);
    },
    sessionCount() {
      return [...store.values()].filter((v) => v._model === 'Session' && v.accountId).length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The provider's "sign out?" page, answered at once (a test confirms it as a person would). */
async function logoutPage(ctx: { body: unknown }, form: string) {
  ctx.body = `<!doctype html><html lang="en"><head><title>Sign out</title></head><body>${form}<button form="op.logoutForm" name="logout" value="yes">Sign out</button></body></html>`;
}
