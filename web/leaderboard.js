// The leaderboard of a game (#/leaderboard/GAME): Glicko-2 ratings of people, and the fixed
// ratings of the computer levels (from the AI ladder, data/server/ai_ratings.json).
import { api } from './api.js';
import { h, clear } from './dom.js';
import { platformApi } from './platform_api.js';

export function showLeaderboard(ctx, game) {
  const body = h('div', { id: 'leaderboard' }, h('p', { class: 'muted' }, 'Loading…'));
  const picker = h('nav', { class: 'row tabs-inline', 'aria-label': 'Games' });
  ctx.page.append(h('section', { class: 'card leaderboard' },
    h('div', { class: 'row spread' }, h('h1', {}, 'Leaderboard'), h('a', { class: 'button secondary', href: '#/' }, 'Lobby')),
    picker, body));

  api.catalog().then((catalog) => {
    const chosen = game || catalog.games[0].name;
    picker.append(...catalog.games.map((g) => h('a', {
      class: `button ${g.name === chosen ? '' : 'secondary'}`,
      href: `#/leaderboard/${g.name}`,
      'aria-current': g.name === chosen ? 'page' : null,
    }, g.title)));
    return platformApi.leaderboard(chosen);
  }).then((board) => {
    clear(body);
    body.append(board.players.length
      ? h('table', { class: 'games ratings', id: 'ratings' },
        h('caption', { class: 'muted' }, 'Glicko-2 rating ± deviation (RD). A rating with RD above 110 is provisional (?).'),
        h('thead', {}, h('tr', {}, ['#', 'Player', 'Rating', 'RD', 'Games', 'Won', 'Lost', 'Drawn'].map((t, i) => h('th', { scope: 'col', class: i >= 2 ? 'num' : null }, t)))),
        h('tbody', {}, board.players.map((p) => h('tr', { class: p.username === ctx.user ? 'your-turn' : '', 'data-user': p.username },
          h('td', {}, p.rank),
          h('td', {}, p.username),
          h('td', { class: 'num' }, `${p.rating}${p.provisional ? '?' : ''}`),
          h('td', { class: 'num' }, `±${p.deviation}`),
          h('td', { class: 'num' }, p.games),
          h('td', { class: 'num' }, p.wins),
          h('td', { class: 'num' }, p.losses),
          h('td', { class: 'num' }, p.draws)))))
      : h('p', { class: 'muted' }, `No rated games yet. A new player starts at ${board.new_player.rating} ± ${board.new_player.deviation}.`));
    body.append(h('h2', { class: 'levels' }, 'Computer levels'),
      h('table', { class: 'games ratings', id: 'computer-ratings' },
        h('caption', { class: 'muted' }, 'Fixed ratings taken from the AI ladder (docs/ai.md); a rated game against a level moves only your rating.'),
        h('thead', {}, h('tr', {}, ['Level', 'Rating', 'RD', 'Ladder'].map((t, i) => h('th', { scope: 'col', class: i === 1 || i === 2 ? 'num' : null }, t)))),
        h('tbody', {}, board.computer.map((c) => h('tr', {},
          h('td', {}, c.level),
          h('td', { class: 'num' }, c.rating === null ? '—' : c.rating),
          h('td', { class: 'num' }, c.deviation === null ? '—' : `±${c.deviation}`),
          h('td', { class: 'muted' }, c.ladder))))));
  }).catch((e) => clear(body).append(h('p', { class: 'error' }, e.message)));
  return { destroy() {} };
}
