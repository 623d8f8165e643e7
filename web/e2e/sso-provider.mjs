// A local single sign-on provider for the tests (the server's and the browser's): a CAS server
// (protocol 2.0: /cas/login, /cas/serviceValidate) and an OpenID Connect provider (discovery,
// authorization code with PKCE, token, JWKS, userinfo; RS256 ID tokens) on one port.
//
//   node e2e/sso-provider.mjs   → prints one line, {"port": N}, then serves until killed.
//
// Whoever signs in types a username (no password: this is the provider's side, and the test's).
// Some usernames make the provider misbehave, so the tests can prove the server refuses it:
// `bad-nonce…` (the ID token carries another nonce), `bad-signature…` (signed with a key the JWKS
// does not hold), `bad-audience…` (issued to another client), `expired…` (expired an hour ago).
import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

export const CLIENT_ID = 'logistics';
export const CLIENT_SECRET = 'logistics-test-secret';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KID = 'test-key-1';
const TTL_MS = 5 * 60 * 1000;

const tickets = new Map(); // CAS ticket → {username, service, at}
const codes = new Map(); // OIDC code → {username, clientId, redirectUri, nonce, challenge, at}
const accessTokens = new Map(); // access token → username

const b64url = (data) => Buffer.from(data).toString('base64url');
const random = () => randomBytes(18).toString('base64url');
const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sign(claims, key = keys.privateKey) {
  const head = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: KID }));
  const body = b64url(JSON.stringify(claims));
  const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(key);
  return `${head}.${body}.${b64url(signature)}`;
}

function fresh(map, key) {
  const entry = map.get(key);
  map.delete(key); // single use
  return entry && Date.now() - entry.at < TTL_MS ? entry : undefined;
}

async function readForm(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
}

function send(res, status, type, body, headers = {}) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
  res.end(body);
}

const redirect = (res, location) => send(res, 302, 'text/plain', '', { location });

/** The provider's sign-in page: a username and a button; the hidden fields carry the request. */
function loginPage(title, action, hidden) {
  const fields = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value ?? '')}">`)
    .join('');
  return `<!doctype html><meta charset="utf-8"><title>${title}</title>
<form method="post" action="${action}"><h1>${title}</h1>${fields}
<label>Username <input name="username" data-testid="sso-username" autofocus></label>
<button type="submit" data-testid="sso-submit">Sign in</button></form>`;
}

function casResponse(inner) {
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">${inner}</cas:serviceResponse>`;
}

function clientOf(req, form) {
  const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
  if (basic) {
    const [id, secret] = Buffer.from(basic[1], 'base64').toString().split(':').map(decodeURIComponent);
    return { id, secret };
  }
  return { id: form.get('client_id'), secret: form.get('client_secret') };
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url, `http://${req.headers.host}`);
  const issuer = `http://${req.headers.host}/oidc`;
  try {
    // CAS 2.0.
    if (url.pathname === '/cas/login' && req.method === 'GET') {
      const service = url.searchParams.get('service') ?? '';
      return send(res, 200, 'text/html; charset=utf-8', loginPage('CAS', '/cas/login', { service }));
    }
    if (url.pathname === '/cas/login' && req.method === 'POST') {
      const form = await readForm(req);
      const ticket = `ST-${random()}`;
      tickets.set(ticket, { username: form.get('username') ?? '', service: form.get('service') ?? '', at: Date.now() });
      const service = new URL(form.get('service') ?? '');
      service.searchParams.set('ticket', ticket);
      return redirect(res, service.toString());
    }
    if (url.pathname === '/cas/serviceValidate') {
      const ticket = url.searchParams.get('ticket') ?? '';
      const entry = fresh(tickets, ticket);
      const xml = !entry
        ? casResponse(`<cas:authenticationFailure code="INVALID_TICKET">Ticket ${escapeHtml(ticket)} not recognized</cas:authenticationFailure>`)
        : entry.service !== url.searchParams.get('service')
          ? casResponse('<cas:authenticationFailure code="INVALID_SERVICE">The ticket was issued for another service</cas:authenticationFailure>')
          : casResponse(`<cas:authenticationSuccess><cas:user>${escapeHtml(entry.username)}</cas:user></cas:authenticationSuccess>`);
      return send(res, 200, 'application/xml; charset=utf-8', xml);
    }

    // OpenID Connect.
    if (url.pathname === '/oidc/.well-known/openid-configuration') {
      return send(res, 200, 'application/json', JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      }));
    }
    if (url.pathname === '/oidc/jwks') {
      const jwk = keys.publicKey.export({ format: 'jwk' });
      return send(res, 200, 'application/json', JSON.stringify({ keys: [{ ...jwk, kid: KID, use: 'sig', alg: 'RS256' }] }));
    }
    if (url.pathname === '/oidc/authorize' && req.method === 'GET') {
      const q = url.searchParams;
      if (q.get('client_id') !== CLIENT_ID || q.get('response_type') !== 'code') {
        return send(res, 400, 'text/plain', 'unknown client or response type');
      }
      const hidden = Object.fromEntries(['client_id', 'redirect_uri', 'state', 'nonce', 'code_challenge', 'code_challenge_method'].map((k) => [k, q.get(k)]));
      return send(res, 200, 'text/html; charset=utf-8', loginPage('OpenID Connect', '/oidc/authorize', hidden));
    }
    if (url.pathname === '/oidc/authorize' && req.method === 'POST') {
      const form = await readForm(req);
      const code = random();
      codes.set(code, {
        username: form.get('username') ?? '',
        clientId: form.get('client_id'),
        redirectUri: form.get('redirect_uri'),
        nonce: form.get('nonce'),
        challenge: form.get('code_challenge_method') === 'S256' ? form.get('code_challenge') : null,
        at: Date.now(),
      });
      const back = new URL(form.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      if (form.get('state')) back.searchParams.set('state', form.get('state'));
      return redirect(res, back.toString());
    }
    if (url.pathname === '/oidc/token' && req.method === 'POST') {
      const form = await readForm(req);
      const client = clientOf(req, form);
      const fail = (error) => send(res, 400, 'application/json', JSON.stringify({ error }));
      if (client.id !== CLIENT_ID || client.secret !== CLIENT_SECRET) return fail('invalid_client');
      const entry = fresh(codes, form.get('code') ?? '');
      if (!entry || form.get('grant_type') !== 'authorization_code' || entry.redirectUri !== form.get('redirect_uri')) return fail('invalid_grant');
      const verifier = form.get('code_verifier') ?? '';
      if (entry.challenge && createHash('sha256').update(verifier).digest('base64url') !== entry.challenge) return fail('invalid_grant');
      const { username } = entry;
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: issuer,
        sub: `sub-${username}`,
        aud: username.startsWith('bad-audience') ? 'someone-else' : CLIENT_ID,
        iat: now,
        exp: username.startsWith('expired') ? now - 3600 : now + 300,
        nonce: username.startsWith('bad-nonce') ? 'not-the-nonce' : entry.nonce,
        name: `${username} (SSO)`,
        preferred_username: username,
        email: `${username}@sso.test`,
      };
      const accessToken = random();
      accessTokens.set(accessToken, username);
      const idToken = sign(claims, username.startsWith('bad-signature') ? stranger.privateKey : keys.privateKey);
      return send(res, 200, 'application/json', JSON.stringify({ access_token: accessToken, token_type: 'Bearer', expires_in: 300, id_token: idToken }));
    }
    if (url.pathname === '/oidc/userinfo') {
      const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
      const username = bearer && accessTokens.get(bearer[1]);
      if (!username) return send(res, 401, 'application/json', JSON.stringify({ error: 'invalid_token' }));
      return send(res, 200, 'application/json', JSON.stringify({ sub: `sub-${username}`, name: `${username} (SSO)`, preferred_username: username }));
    }
    send(res, 404, 'text/plain', 'not found');
  } catch (error) {
    send(res, 500, 'text/plain', String(error));
  }
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
