// The JSON HTTP API of `pacwar serve` (docs/api.md). Every call returns the decoded body or
// throws an ApiError carrying the HTTP status and the server's message.
export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.error) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

export async function call(method, path, body) {
  const init = { method, headers: {}, credentials: 'same-origin' };
  // Every write is JSON, also without a body: the server refuses other writes (cross-site check).
  if (body !== undefined || method !== 'GET') {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body === undefined ? {} : body);
  }
  const res = await fetch(path, init);
  const text = await res.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { error: text };
    }
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

const contentCache = new Map();
const enc = encodeURIComponent;

export const api = {
  me: () => call('GET', '/api/me'),
  signup: (username, password) => call('POST', '/api/signup', { username, password }),
  login: (username, password) => call('POST', '/api/login', { username, password }),
  logout: () => call('POST', '/api/logout'),
  catalog: () => call('GET', '/api/catalog'),
  content(game) {
    if (!contentCache.has(game)) {
      const p = call('GET', `/api/content/${enc(game)}`);
      p.catch(() => contentCache.delete(game));
      contentCache.set(game, p);
    }
    return contentCache.get(game);
  },
  games: () => call('GET', '/api/games'),
  createGame: (spec) => call('POST', '/api/games', spec),
  joinInvite: (token) => call('POST', `/api/invites/${enc(token)}`),
  game: (id) => call('GET', `/api/games/${enc(id)}`),
  act: (id, action, version) => call('POST', `/api/games/${enc(id)}/actions`, { action, version }),
  undo: (id, version) => call('POST', `/api/games/${enc(id)}/undo`, { version }),
  resign: (id) => call('POST', `/api/games/${enc(id)}/resign`),
  replay: (id, step) => call('GET', `/api/games/${enc(id)}/replay?step=${step}`),
  events: (id) => new EventSource(`/api/games/${enc(id)}/events`),
};
