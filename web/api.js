// The JSON HTTP API of `pacwar serve` (docs/api.md). Every call returns the decoded body or
// throws an ApiError carrying the HTTP status and the server's message.
export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.error) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

// A state answer whose `log` starts at line `log_from`, joined to the lines `held` has: the
// whole state again, or null when it does not continue them (a gap: read the whole state).
export function withLog(held, next) {
  const from = next.log_from || 0;
  if (from === 0) return next;
  if (!held || !Array.isArray(held.log) || from > held.log.length) return null;
  return { ...next, log: held.log.slice(0, from).concat(next.log || []), log_from: 0 };
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
  games: (status) => call('GET', status ? `/api/games?status=${enc(status)}` : '/api/games'),
  newInvite: (id) => call('POST', `/api/games/${enc(id)}/invite`),
  deleteGame: (id) => call('DELETE', `/api/games/${enc(id)}`),
  changePassword: (oldPassword, newPassword) =>
    call('POST', '/api/me/password', { old_password: oldPassword, new_password: newPassword }),
  logoutAll: () => call('POST', '/api/me/logout-all'),
  deleteAccount: (password) => call('DELETE', '/api/me', { password }),
  createGame: (spec) => call('POST', '/api/games', spec),
  joinInvite: (token) => call('POST', `/api/invites/${enc(token)}`),
  game: (id) => call('GET', `/api/games/${enc(id)}`),
  // logSince: the log lines held; the answer's log then starts there (`log_from`, withLog).
  act: (id, action, version, logSince) =>
    call('POST', `/api/games/${enc(id)}/actions`, { action, version, log_since: logSince }),
  undo: (id, version) => call('POST', `/api/games/${enc(id)}/undo`, { version }),
  resign: (id) => call('POST', `/api/games/${enc(id)}/resign`),
  replay: (id, step) => call('GET', `/api/games/${enc(id)}/replay?step=${step}`),
  features: (id) => call('GET', `/api/games/${enc(id)}/features`),
  hint: (id) => call('POST', `/api/games/${enc(id)}/hint`),
  analysis: (id) => call('GET', `/api/games/${enc(id)}/analysis`),
  requestAnalysis: (id) => call('POST', `/api/games/${enc(id)}/analysis`),
  // With logSince the stream carries the state of each change made by others (`state` events).
  events: (id, logSince) => new EventSource(`/api/games/${enc(id)}/events${logSince === undefined ? '' : `?log_since=${logSince}`}`),
  settings: () => call('GET', '/api/me/settings'),
  saveSettings: (settings) => call('PUT', '/api/me/settings', settings),
  notices: () => call('GET', '/api/me/notices'),
  noticesSeen: (ids) => call('POST', '/api/me/notices/seen', { ids }),
  clock: (id) => call('GET', `/api/games/${enc(id)}/clock`),
  claimTimeout: (id) => call('POST', `/api/games/${enc(id)}/claim-timeout`),
};
