// The API of ratings, open challenges, rematches, public games and chat (docs/api.md).
import { call } from './api.js';

const enc = encodeURIComponent;

export const platformApi = {
  leaderboard: (game) => call('GET', `/api/leaderboard/${enc(game)}`),
  challenges: () => call('GET', '/api/challenges'),
  accept: (id) => call('POST', `/api/challenges/${enc(id)}/accept`),
  rematch: (id) => call('POST', `/api/games/${enc(id)}/rematch`),
  publicGames: () => call('GET', '/api/public-games'),
  chat: (id, since) => call('GET', `/api/games/${enc(id)}/chat?since=${since}`),
  postChat: (id, text) => call('POST', `/api/games/${enc(id)}/chat`, { text }),
};
