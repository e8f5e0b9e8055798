// The game page: the board, the prompt and its legal actions, undo, the log; live updates by
// server-sent events. The page never computes rules: it draws the view and sends action ids.
import { api, ApiError } from './api.js';
import { h, clear, cap } from './dom.js';
import { drawBoard } from './board.js';
import { promptPanel, closeMenu } from './actions.js';
import { logPanel } from './log.js';

export function showGame(ctx, id) {
  let st = null;
  let content = null;
  let selected = null;
  let busy = false;
  let es = null;
  let alive = true;
  const root = h('div', { class: 'game-page', id: 'game-page' }, h('p', { class: 'muted' }, 'Loading the game…'));
  const flash = h('div', { class: 'flash', role: 'alert', id: 'flash' });
  ctx.page.append(flash, root);

  function say(msg, kind = 'error') {
    flash.textContent = msg;
    flash.className = `flash ${kind}`;
    if (msg) setTimeout(() => { if (flash.textContent === msg) flash.textContent = ''; }, 6000);
  }

  let latest = 0;  // only the answer to the newest request is drawn (live updates can overlap)
  async function load() {
    const mine = ++latest;
    try {
      const next = await api.game(id);
      if (!content || content.game !== next.game) content = { game: next.game, ...(await api.content(next.game)) };
      if (mine !== latest) return;
      st = next;
      render();
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) ctx.go('#/login');
      else clear(root).append(h('p', { class: 'error' }, e.message), h('a', { href: '#/' }, 'Back to the lobby'));
    }
  }

  async function send(request) {
    if (busy) return;
    busy = true;
    closeMenu();
    const mine = ++latest;
    try {
      const next = await request();
      if (mine === latest) st = next;
      say('');
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) say('The game moved on; here is the current position.', 'info');
      else say(e.message + (e.body && e.body.legal ? ` Legal: ${e.body.legal.join(', ')}` : ''));
      st = await api.game(id).catch(() => st);
    } finally {
      busy = false;
      render();
    }
  }
  const onAction = (action) => send(() => api.act(id, action, st.version));

  function header() {
    const seats = Object.entries(st.seats || {}).map(([seat, who]) => `${cap(seat)}: ${who || '(invited)'}`).join(' vs ');
    const banner = st.status === 'finished'
      ? h('div', { class: 'banner over', id: 'turn-banner' }, st.result && st.result.winner ? `Game over: ${cap(st.result.winner)} victory` : 'Game over')
      : st.your_turn ? h('div', { class: 'banner mine', id: 'turn-banner' }, 'Your turn')
      : h('div', { class: 'banner', id: 'turn-banner' }, st.status === 'waiting' ? 'Waiting for your opponent to join'
        : `${cap(st.to_move || '')} to move`);
    return h('div', { class: 'game-head' },
      h('div', {}, h('h2', {}, `${content.title || titleOf(st.game)} · game #${st.id}`),
        h('div', { class: 'muted' }, `You play ${cap(st.seat)}. ${seats}. Move ${st.version}.`),
        h('div', { class: 'when', id: 'when' }, whenText(st.view))),
      banner,
      h('div', { class: 'row' },
        h('button', { id: 'undo', class: 'secondary', disabled: !st.can_undo || busy, title: 'Take back your last action (not past a die roll or a revealed card)',
                      onclick: () => send(() => api.undo(id, st.version)) }, 'Undo'),
        st.status === 'finished' ? h('a', { class: 'button', href: `#/replay/${st.id}` }, 'Replay')
          : h('button', { id: 'resign', class: 'danger', onclick: () => { if (confirm('Resign this game?')) send(() => api.resign(id)); } }, 'Resign'),
        h('a', { class: 'button secondary', href: '#/' }, 'Lobby')));
  }

  function render() {
    if (!alive || !st) return;
    const board = drawBoard({
      game: st.game, content, view: st.view, seat: st.seat, log: st.log || [], legal: st.your_turn && !busy ? st.legal : [],
      selected, onAction, onSelect: (node) => { selected = node; render(); },
    });
    if (board.selected) selected = board.selected;
    document.title = `${st.your_turn ? '● Your turn — ' : ''}pacwar #${st.id}`;
    clear(root).append(header(), h('div', { class: 'board' },
      h('div', { class: 'map-col' }, board.map, ...board.below),
      h('div', { class: 'side-col' }, promptPanel(st, onAction, { busy }), ...board.side, logPanel(st.log || []))));
    root.dataset.version = st.version;
    root.dataset.yourTurn = String(!!st.your_turn);
  }

  function listen() {
    es = api.events(id);
    es.addEventListener('update', (ev) => {
      let data = {};
      try { data = JSON.parse(ev.data); } catch { /* a malformed event: re-read anyway */ }
      if (!st || data.version !== st.version || data.status !== st.status || data.your_turn !== st.your_turn) load();
    });
    es.onerror = () => { /* EventSource reconnects by itself */ };
  }

  load().then(listen);
  return {
    destroy() {
      alive = false;
      if (es) es.close();
      closeMenu();
      document.title = 'pacwar';
    },
  };
}

// "Turn 2 · Strategy phase" (The Pacific War) or "1942, Turn 4" (Co-Prosperity Sphere).
function whenText(view) {
  if (!view) return '';
  if (view.year !== undefined) return `${view.year}, Turn ${view.turn}`;
  return `Turn ${view.turn} · ${cap(view.phase || '')} phase${view.active ? ` · Initiative: ${view.active}` : ''}`;
}

function titleOf(game) {
  return game === 'co-prosperity' ? 'Co-Prosperity Sphere' : game === 'pacific-war' ? 'The Pacific War' : game;
}
