// The public side of the lobby: open challenges anyone may accept (and rematch offers), public
// games to watch, the leaderboard link, and the settings of a new game (public, rated, open
// challenge, spectators' chat).
import { h, clear, cap } from './dom.js';
import { platformApi } from './platform_api.js';
import { controlText } from './clock.js';

// The fields added to the new-game form; values() gives the body fields they set.
export function gameSettingsFields() {
  const open = h('input', { type: 'checkbox', name: 'open', id: 'opt-open' });
  const isPublic = h('input', { type: 'checkbox', name: 'public', id: 'opt-public' });
  const rated = h('input', { type: 'checkbox', name: 'rated', id: 'opt-rated' });
  const spectatorChat = h('input', { type: 'checkbox', name: 'spectator_chat', id: 'opt-spectator-chat', disabled: true });
  isPublic.addEventListener('change', () => {
    spectatorChat.disabled = !isPublic.checked;
    if (!isPublic.checked) spectatorChat.checked = false;
  });
  // A game with hints is never rated (the server unrates it): the box says so at once.
  const ratedNote = h('p', { class: 'muted small', id: 'rated-note', hidden: true }, 'A game with hints is never rated.');
  const el = h('fieldset', { class: 'settings' }, h('legend', {}, 'Table'),
    h('label', { class: 'check' }, rated, ' Rated (changes the leaderboard)'), ratedNote,
    h('label', { class: 'check' }, isPublic, ' Public: anyone logged in may watch'),
    h('label', { class: 'check' }, spectatorChat, ' Spectators may read the chat'),
    h('label', { class: 'check' }, open, ' Open challenge: list it in the lobby for anyone to accept'));
  return {
    el,
    setHints(on) {
      if (on) rated.checked = false;
      rated.disabled = on;
      ratedNote.hidden = !on;
    },
    values: (opponent) => ({
      rated: rated.checked,
      public: isPublic.checked,
      spectator_chat: spectatorChat.checked ? 'read' : 'none',
      open: opponent === 'human' && open.checked,
    }),
  };
}

// Sections for the lobby: open challenges and public games. refresh() reloads both.
export function publicSections(ctx, titleOf) {
  const challenges = h('div', { id: 'challenges' }, h('p', { class: 'muted' }, 'Loading…'));
  const watch = h('div', { id: 'public-games' }, h('p', { class: 'muted' }, 'Loading…'));
  const msg = h('p', { class: 'error', role: 'alert' });
  const el = h('div', { class: 'public-sections' },
    h('section', { class: 'card' }, h('div', { class: 'row spread' }, h('h2', {}, 'Open challenges'),
      h('a', { class: 'button secondary', href: '#/leaderboard', id: 'leaderboard-link' }, 'Leaderboard')), challenges, msg),
    h('section', { class: 'card' }, h('h2', {}, 'Public games to watch'), watch));

  async function refresh() {
    try {
      const r = await platformApi.challenges();
      clear(challenges);
      if (!r.challenges.length) challenges.append(h('p', { class: 'muted' }, 'No open challenges. Post one from the New game form: tick “Open challenge”.'));
      else {
        challenges.append(h('table', { class: 'games' },
          h('thead', {}, h('tr', {}, ['Game', 'By', 'Your side', 'Rules', 'Clock', 'Kind', 'Accept'].map((t, i) => h('th', { scope: 'col' }, i >= 5 ? h('span', { class: 'sr' }, t) : t)))),
          h('tbody', {}, r.challenges.map((c) => h('tr', { 'data-challenge': c.id },
            h('td', {}, titleOf(c.game), c.rated ? h('span', { class: 'rated-tag' }, ' · rated') : null),
            h('td', {}, c.by, c.rating !== undefined ? h('span', { class: 'muted' }, ` (${c.rating})`) : null),
            h('td', {}, c.yours ? `(${cap(c.your_side || '')} is open)` : cap(c.your_side || '')),
            h('td', { class: 'muted' }, (c.rules || []).join(', ') || 'standard'),
            h('td', { class: 'challenge-clock' }, controlText(c.clock)),
            h('td', {}, [c.rated ? 'rated' : 'unrated', c.public ? 'public' : null, c.rematch_of ? `rematch of #${c.rematch_of}` : null].filter(Boolean).join(' · ')),
            h('td', {}, c.yours ? h('span', { class: 'muted' }, 'yours')
              : h('button', {
                type: 'button', class: 'accept',
                onclick: async () => {
                  msg.textContent = '';
                  try {
                    const joined = await platformApi.accept(c.id);
                    ctx.go(`#/game/${joined.id}`);
                  } catch (e) { msg.textContent = e.message; refresh(); }
                },
              }, 'Accept')))))));
      }
      const p = await platformApi.publicGames();
      clear(watch);
      const others = p.games.filter((g) => !Object.values(g.seats).includes(ctx.user));
      if (!others.length) watch.append(h('p', { class: 'muted' }, 'No public games of others right now.'));
      else {
        watch.append(h('table', { class: 'games' },
          h('thead', {}, h('tr', {}, ['Game', 'Players', 'State', 'Watch'].map((t, i) => h('th', { scope: 'col' }, i === 3 ? h('span', { class: 'sr' }, t) : t)))),
          h('tbody', {}, others.slice(0, 20).map((g) => h('tr', { 'data-public': g.id },
            h('td', {}, `${titleOf(g.game)} #${g.id}`),
            h('td', {}, Object.entries(g.seats).map(([seat, who]) => `${cap(seat)}: ${who || '—'}`).join(' vs ')),
            h('td', {}, g.status === 'finished' ? (g.winner ? `${cap(g.winner)} won` : 'Finished') : `Move ${g.version}`),
            h('td', {}, g.status === 'finished'
              ? h('a', { class: 'button', href: `#/replay/${g.id}` }, 'Replay')
              : h('a', { class: 'button watch', href: `#/game/${g.id}` }, 'Watch')))))));
      }
    } catch (e) {
      msg.textContent = e.message;
    }
  }
  return { el, refresh };
}

// A "Rematch" button for a finished game (sides swapped).
export function rematchButton(ctx, id, onError) {
  return h('button', {
    type: 'button', class: 'secondary rematch', 'data-rematch': id,
    onclick: async () => {
      try {
        const r = await platformApi.rematch(id);
        ctx.go(r.invite ? '#/' : `#/game/${r.id}`);
      } catch (e) { onError(e.message); }
    },
  }, 'Rematch');
}
