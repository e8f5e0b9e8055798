// The lobby: my games (whose turn), a form to create a game, the invitation link.
import { api } from './api.js';
import { h, clear, cap } from './dom.js';
import { clockFields, lobbyClockText } from './clock.js';
import { gameSettingsFields, publicSections, rematchButton } from './lobby_public.js';
import { learnBox } from './tutorial.js';

export const OPPONENT_LABELS = {
  human: 'A friend (invitation link)',
  random: 'Computer: random moves',
  heuristic: 'Computer: heuristic',
  'mcts:easy': 'Computer: MCTS easy',
  'mcts:normal': 'Computer: MCTS normal',
  'mcts:hard': 'Computer: MCTS hard (about 1 s a move)',
  'mcts:expert': 'Computer: MCTS expert (about 3 s a move)',
};

// "Allied won (Japanese resigned)", "You resigned: Allied won", "Japanese won".
export function resultText(result, mySeat) {
  if (!result) return 'Finished';
  const won = result.winner ? `${cap(result.winner)} won` : 'Finished';
  if (!result.resigned) return won;
  return result.resigned === mySeat ? `You resigned: ${won}` : `${won} (${cap(result.resigned)} resigned)`;
}

// A seat's occupant as people read it: a user name, a computer level's label, "deleted user".
export function opponentLabel(who) {
  return (who !== 'human' && OPPONENT_LABELS[who]) || who || '';
}

// The lobby's filter: [value of ?status=, label].
const FILTERS = [['', 'All games'], ['active', 'In progress'], ['waiting', 'Waiting for a friend'],
  ['finished', 'Finished'], ['resigned', 'Resigned']];

export function inviteLink(token) {
  return `${location.origin}${location.pathname}#/invite/${encodeURIComponent(token)}`;
}

export function showLobby(ctx) {
  let catalog = null;
  const list = h('div', { id: 'my-games' }, h('p', { class: 'muted' }, 'Loading…'));
  const filter = h('select', { id: 'games-filter', 'aria-label': 'Show', onchange: () => refresh() },
    FILTERS.map(([value, label]) => h('option', { value }, label)));
  const create = h('div', { class: 'card', id: 'create-game' });
  const invite = h('div', { id: 'invite-box' });
  const titleOf = (name) => (catalog && catalog.games.find((g) => g.name === name) || {}).title || name;
  const publicPart = publicSections(ctx, titleOf);
  ctx.page.append(h('h1', { class: 'sr' }, 'Lobby'), h('div', { class: 'lobby' },
    h('div', {}, h('section', { class: 'card' }, h('div', { class: 'row spread' }, h('h2', {}, 'My games'), filter), list), publicPart.el),
    h('section', {}, learnBox(), create, invite)));

  async function refresh() {
    publicPart.refresh();
    try {
      const { games } = await api.games(filter.value);
      clear(list);
      if (!games.length) {
        list.append(h('p', { class: 'muted' }, filter.value ? 'No games of this kind.' : 'No games yet: create one.'));
        return;
      }
      const rows = games.map((g) => {
        const turn = g.status === 'finished'
          ? resultText(g.result, g.seat)
          : g.status === 'waiting' ? 'Waiting for the invited player'
          : g.your_turn ? 'Your turn' : g.to_move ? `${cap(g.to_move)} to move` : '';
        const open = g.status === 'finished'
          ? h('a', { href: `#/replay/${g.id}`, class: 'button' }, 'Replay')
          : h('a', { href: `#/game/${g.id}`, class: 'button' }, 'Open');
        return h('tr', { class: g.your_turn ? 'your-turn' : '', 'data-game': g.id },
          h('td', {}, `#${g.id}`),
          h('td', {}, titleOf(g.game), g.hints ? h('span', { class: 'badge hints', title: 'Hints on: never rated' }, 'hints') : null),
          h('td', {}, cap(g.seat)),
          h('td', {}, g.status === 'waiting' ? '(invited)' : opponentLabel(g.opponent)),
          h('td', { class: 'turn' }, turn, g.clock ? h('div', { class: 'lobby-clock small' }, lobbyClockText(g.clock)) : null),
          h('td', { class: 'muted' }, g.updated ? new Date(g.updated).toLocaleString() : ''),
          h('td', {}, open,
            g.status === 'finished' ? h('a', { href: `#/game/${g.id}`, class: 'button secondary' }, 'Final position') : null,
            g.status === 'finished' && g.opponent ? rematchButton(ctx, g.id, (m) => { clear(invite).append(h('p', { class: 'error' }, m)); }) : null,
            g.status === 'waiting'
              ? h('button', { type: 'button', class: 'secondary invite-again', onclick: () => newLink(g.id) }, 'New invitation link')
              : null,
            g.status === 'waiting'
              ? h('button', { type: 'button', class: 'secondary cancel-game', onclick: () => cancelGame(g.id) }, 'Cancel')
              : null));
      });
      list.append(h('table', { class: 'games' },
        h('thead', {}, h('tr', {}, ['Game', 'Title', 'My side', 'Opponent', 'Turn', 'Last move', 'Actions']
          .map((t, i) => h('th', { scope: 'col' }, i === 1 || i === 6 ? h('span', { class: 'sr' }, t) : t)))),
        h('tbody', {}, rows)));
    } catch (e) {
      clear(list).append(h('p', { class: 'error' }, e.message));
    }
  }

  function drawCreate() {
    clear(create);
    const gameSel = h('select', { name: 'game' },
      catalog.games.map((g) => h('option', { value: g.name }, g.title)));
    const seatSel = h('select', { name: 'seat' });
    const options = h('div', { class: 'options' });
    const oppSel = h('select', { name: 'opponent' },
      catalog.opponents.map((o) => h('option', { value: o, selected: o === 'mcts:normal' }, OPPONENT_LABELS[o] || o)));
    const hintsBox = h('input', { type: 'checkbox', name: 'hints', id: 'hints' });
    const msg = h('p', { class: 'error', role: 'alert' });
    const clock = clockFields();
    const syncClock = () => { clock.el.hidden = oppSel.value !== 'human'; };
    oppSel.addEventListener('change', syncClock);
    syncClock();
    const settings = gameSettingsFields();
    hintsBox.addEventListener('change', () => settings.setHints(hintsBox.checked));
    const fillGame = () => {
      const g = catalog.games.find((x) => x.name === gameSel.value);
      seatSel.replaceChildren(...g.seats.map((s) => h('option', { value: s }, cap(s))), h('option', { value: 'random' }, 'Random'));
      options.replaceChildren(...(g.options || []).map((o) => h('label', { class: 'check' },
        h('input', { type: 'checkbox', value: o.id, name: 'option' }), ` ${o.label}`)));
      if (!(g.options || []).length) options.append(h('span', { class: 'muted' }, 'No optional rules.'));
    };
    gameSel.addEventListener('change', fillGame);
    fillGame();
    const form = h('form', {
      onsubmit: async (e) => {
        e.preventDefault();
        msg.textContent = '';
        const spec = {
          game: gameSel.value,
          seat: seatSel.value,
          options: [...options.querySelectorAll('input:checked')].map((i) => i.value),
          opponent: oppSel.value,
          ...settings.values(oppSel.value),
        };
        if (hintsBox.checked) spec.hints = true;
        if (oppSel.value === 'human' && clock.value()) spec.clock = clock.value();
        try {
          const r = await api.createGame(spec);
          if (r.invite && spec.open) {
            clear(invite).append(h('p', { class: 'card note', id: 'challenge-posted' }, `Challenge #${r.id} posted: it is listed under Open challenges until someone accepts it.`));
            refresh();
          } else if (r.invite) {
            showInvitation(r);
            refresh();
          } else {
            ctx.go(`#/game/${r.id}`);
          }
        } catch (err) {
          msg.textContent = err.message;
        }
      },
    },
    h('h2', {}, 'New game'),
    h('label', {}, 'Game', gameSel),
    h('label', {}, 'My side', seatSel),
    h('fieldset', {}, h('legend', {}, 'Optional rules'), options),
    h('label', {}, 'Opponent', oppSel),
    h('label', { class: 'check' }, hintsBox, ' Hints: the computer player advises on request (the game is never rated)'),
    clock.el,
    settings.el,
    h('button', { type: 'submit', id: 'create' }, 'Create game'),
    msg);
    create.append(form);
  }

  // The link is shown once, at creation; a new one replaces it (the old one stops working).
  async function newLink(id) {
    try {
      showInvitation(await api.newInvite(id));
    } catch (e) {
      clear(invite).append(h('p', { class: 'error', role: 'alert' }, e.message));
    }
  }

  async function cancelGame(id) {
    if (!window.confirm(`Cancel game #${id}? The invitation link stops working.`)) return;
    try {
      await api.deleteGame(id);
      clear(invite).append(h('p', { class: 'note', role: 'status' }, `Game #${id} cancelled.`));
    } catch (e) {
      clear(invite).append(h('p', { class: 'error', role: 'alert' }, e.message));
    }
    refresh();
  }

  function showInvitation(r) {
    const link = inviteLink(r.invite);
    const input = h('input', { readonly: true, value: link, id: 'invite-link', 'aria-label': 'Invitation link', onfocus: (e) => e.target.select() });
    clear(invite).append(h('div', { class: 'card note' },
      h('h3', {}, `Game #${r.id}: invite a friend`),
      h('p', {}, 'Send this link to your opponent; the game starts when they open it.'),
      h('p', { class: 'small muted', id: 'invite-expires' },
        `It works until ${new Date(r.invite_expires).toLocaleString()}. It is shown only now: ` +
        'if it is lost, ask for a new one in the list (the old one then stops working).'),
      input,
      h('div', { class: 'row' },
        h('button', { type: 'button', onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) }, 'Copy link'),
        h('a', { class: 'button secondary', href: `#/game/${r.id}` }, 'Open the game'))));
  }

  api.catalog().then((c) => { catalog = c; drawCreate(); refresh(); },
                     (e) => create.append(h('p', { class: 'error' }, e.message)));
  const timer = setInterval(() => { if (catalog) refresh(); }, 5000);
  return { lobby: true, destroy() { clearInterval(timer); } };
}
