// The game page: the board, the prompt and its legal actions, undo, the log; live updates by
// server-sent events. The page never computes rules: it draws the view and sends action ids.
import { api, ApiError, withLog } from './api.js';
import { h, clear, cap } from './dom.js';
import { drawBoard } from './board.js';
import { promptPanel, closeMenu } from './actions.js';
import { logPanel } from './log.js';
import { tabBar, markTabs } from './tabs.js';
import { animateChange } from './motion.js';
import { centerOn } from './panzoom.js';
import { nodePoint } from './map.js';
import { gameModule, gameTitle } from './games/index.js';
import { hintControls } from './hints.js';
import { gameClock } from './clock.js';
import { opponentLabel, OPPONENT_LABELS } from './lobby.js';
import { chatPanel } from './chat.js';
import { rematchButton } from './lobby_public.js';
import { cardOfAction, confirmCard, confirmOpen, closeConfirm } from './confirm.js';
import { tutorialFor } from './tutorial.js';

export function showGame(ctx, id) {
  let st = null;
  let content = null;
  let selected = null;
  let busy = false;
  let es = null;
  let alive = true;
  const tabs = { tab: 'map' };
  const ui = { promptCollapsed: false };
  const root = h('div', { class: 'game-page', id: 'game-page' }, h('p', { class: 'muted' }, 'Loading the game…'));
  const flash = h('div', { class: 'flash', role: 'alert', id: 'flash' });
  ctx.page.append(flash, root);
  const hints = hintControls(id, () => render());
  const clock = gameClock(id, (error) => { if (error) say(error); load(); });
  const chat = chatPanel(id);  // kept across redraws (a message being typed stays)
  const tutorial = tutorialFor(id, root);  // null unless this is a "Learn to play" game

  function say(msg, kind = 'error') {
    flash.textContent = msg;
    flash.className = `flash ${kind}`;
    if (msg) setTimeout(() => { if (flash.textContent === msg) flash.textContent = ''; }, 6000);
  }

  let latest = 0;  // only the answer to the newest request is drawn (live updates can overlap)
  let pendingUpdate = null;  // a live update that came while an action was on its way
  async function load() {
    const mine = ++latest;
    try {
      const next = await api.game(id);
      if (!content || content.game !== next.game) content = { game: next.game, ...(await api.content(next.game)) };
      if (mine !== latest) return;
      st = next;
      render();
      clock.refresh(st);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) ctx.go('#/login');
      else clear(root).append(h('p', { class: 'error' }, e.message), h('a', { href: '#/' }, 'Back to the lobby'));
    }
  }

  async function send(request) {
    if (busy) return;
    busy = true;
    closeMenu();
    const turnBefore = st && `${st.to_move}|${st.status}`;
    const mine = ++latest;
    try {
      // The answer holds only the log lines this page lacks (withLog joins them).
      const next = withLog(st, await request()) || await api.game(id);
      // A live update may have asked for the position meanwhile: the answer to the action
      // still counts when it is newer than what is drawn (repeated picks send from it).
      if (mine === latest || (st && next.version > st.version)) st = next;
      say('');
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) say('The game moved on; here is the current position.', 'info');
      else say(e.message + (e.body && e.body.legal ? ` Legal: ${e.body.legal.join(', ')}` : ''));
      st = await api.game(id).catch(() => st);
    } finally {
      busy = false;
      render();
      if (st && `${st.to_move}|${st.status}` !== turnBefore) clock.refresh(st);
      const update = pendingUpdate;
      pendingUpdate = null;
      if (update && updateIsNew(update)) load();
    }
  }
  // An action that plays, reveals or discards a card of the hand asks first (web/confirm.js);
  // it is sent for the position it was chosen in (a move meanwhile answers 409).
  const onAction = (action) => {
    const card = st && cardOfAction(st.view, st.seat, action);
    if (!card) {
      send(() => api.act(id, action, st.version, logCount()));
      return;
    }
    const version = st.version;
    const legal = (st.legal || []).find((a) => a.id === action) || { id: action };
    closeMenu();
    confirmCard({ card, action: legal, onConfirm: () => send(() => api.act(id, action, version, logCount())) });
  };
  // Several picks of one kind in one click (allocating hits): this action first, then again
  // while it stays legal, else the next action of the same kind down the list; one legal
  // action at a time, at most `times`, stopping when the prompt changes.
  // While the run lasts the board takes no other click (it would race the picks still to send).
  let repeating = false;
  async function repeat(action, times) {
    if (busy || repeating) return;
    repeating = true;
    try {
      const verb = action.split(' ')[0];
      let want = action;
      for (let i = 0; i < times && alive; i += 1) {
        if (!st || !st.your_turn) return;
        const legal = st.legal || [];
        const pick = legal.find((a) => a.id === want) || legal.find((a) => a.id.split(' ')[0] === verb);
        if (!pick) return;
        want = pick.id;
        const before = promptKind(st);
        await send(() => api.act(id, pick.id, st.version, logCount()));
        if (promptKind(st) !== before) return;
      }
    } finally {
      repeating = false;
      render();
    }
  }

  function header() {
    const seats = Object.entries(st.seats || {}).sort(([a], [b]) => (b === st.seat) - (a === st.seat))
      .map(([seat, who]) => `${cap(seat)}: ${who ? opponentLabel(who) : '(invited)'}`).join(' vs ');
    const banner = st.status === 'finished'
      ? h('div', { class: 'banner over', id: 'turn-banner' }, st.result && st.result.winner
        ? `Game over: ${cap(st.result.winner)} victory${st.result.resigned ? ` (${cap(st.result.resigned)} resigned)` : ''}` : 'Game over')
      : st.your_turn ? h('div', { class: 'banner mine', id: 'turn-banner' }, 'Your turn')
      : h('div', { class: 'banner', id: 'turn-banner' }, st.status === 'waiting' ? 'Waiting for your opponent to join'
        : `${cap(st.to_move || '')} to move`);
    return h('div', { class: 'game-head' },
      h('div', {}, h('h1', {}, `${content.title || gameTitle(st.game)} · game #${st.id}`),
        h('div', { class: 'muted' }, `${st.spectator ? 'Spectating (public information only).' : `You play ${cap(st.seat)}.`} ${seats}. Move ${st.version}.`),
        h('div', { class: 'when', id: 'when' }, whenText(st.game, st.view)), hints.badge()),
      banner, st.spectator ? null : clock.el,
      st.spectator ? h('div', { class: 'row' },
        st.status === 'finished' ? h('a', { class: 'button', href: `#/replay/${st.id}` }, 'Replay') : null,
        h('a', { class: 'button secondary', href: '#/' }, 'Lobby')) : h('div', { class: 'row' }, hints.button(st),
        h('button', { id: 'undo', class: 'secondary', disabled: !st.can_undo || busy || repeating, title: 'Take back your last action (not past a die roll or a revealed card)',
                      onclick: () => send(() => api.undo(id, st.version)) }, 'Undo'),
        st.status === 'finished' ? [h('a', { class: 'button', href: `#/replay/${st.id}` }, 'Replay'), rematchButton(ctx, st.id, say)]
          : h('button', { id: 'resign', class: 'danger', onclick: () => { if (confirm('Resign this game?')) send(() => api.resign(id)); } }, 'Resign'),
        h('a', { class: 'button secondary', href: '#/' }, 'Lobby')));
  }

  let shown = null;  // the state drawn last (to animate what changed)
  let centeredOn = null;  // the combat OZ the map was last centred on
  let wasMine = false;  // whether the last render was on your turn (to move the focus when it becomes so)
  function render() {
    if (!alive || !st) return;
    const t0 = performance.now();
    const focus = focusKey();
    const board = drawBoard({
      game: st.game, content, view: st.view, seat: st.seat, log: st.log || [], legal: st.your_turn && !busy && !repeating ? st.legal : [],
      selected, onAction, onSelect: (node) => { selected = node; render(); },
    });
    if (board.selected) selected = board.selected;
    document.title = `${st.your_turn ? '● Your turn — ' : ''}pacwar #${st.id}`;
    const prompt = promptPanel(st, onAction, { busy: busy || repeating, repeat, collapsed: ui.promptCollapsed,
                                              onCollapse: (c) => { ui.promptCollapsed = c; } });
    clear(root).append(header(), tabBar(root, tabs), h('h2', { class: 'sr' }, 'Board'), h('div', { class: 'board' },
      h('div', { class: 'map-col' }, ...markTabs([board.map, ...board.below])),
      h('div', { class: 'side-col' }, tutorial && tutorial.panel(st, content), st.spectator ? null : prompt, st.spectator ? null : hints.panel(st, onAction), ...markTabs([...board.side, logPanel(st.log || []), chat.el]))));
    if (!st.spectator) {
      const others = Object.entries(st.seats || {}).filter(([seat]) => seat !== st.seat).map(([, who]) => who);
      chat.setOpponentComputer(others.length > 0 && others.every((who) => who && who !== 'human' && OPPONENT_LABELS[who]));
    }
    root.dataset.version = st.version;
    root.dataset.yourTurn = String(!!st.your_turn);
    root.dataset.busy = String(busy || repeating);
    restoreFocus(focus);
    const mine = !!st.your_turn && !st.spectator;
    if (mine && !wasMine) focusPrompt();
    wasMine = mine;
    if (tutorial) tutorial.after(root);
    if (shown && shown.version !== st.version) animateChange(root, st.game, content, shown.view, st.view, st.log || [], (shown.log || []).length);
    // A new combat comes into view on a map cut to the screen (a phone, or zoomed in).
    const combatAt = st.view && st.view.combat ? st.view.combat.oz : null;
    if (combatAt && combatAt !== centeredOn) {
      const g = gameModule(st.game);
      const p = g ? nodePoint(g, content, combatAt) : null;
      const svg = root.querySelector('svg.map');
      if (p && svg) requestAnimationFrame(() => centerOn(svg, st.game, p.x, p.y));
    }
    centeredOn = combatAt;
    shown = st;
    performance.measure('pacwar-render', { start: t0 });  // read by the e2e timing test
  }

  // An update that says something the state drawn does not.
  const updateIsNew = (data) => !st || data.version !== st.version || data.status !== st.status || data.your_turn !== st.your_turn;
  // The log lines this page holds (the server sends only the newer ones).
  const logCount = () => (st && Array.isArray(st.log) ? st.log.length : 0);

  // Live updates: the stream carries the state of each change made by others (a `state` event
  // before its `update`), so the page reads nothing more; an update it did not carry (a change
  // of mine made in another tab) reads the state.
  function listen() {
    if (!alive) return;
    es = api.events(id, logCount());
    es.addEventListener('state', (ev) => {
      let next = null;
      try { next = withLog(st, JSON.parse(ev.data)); } catch { next = null; }
      if (!next) { load(); return; }
      if (st && next.version === st.version && next.status === st.status && next.your_turn === st.your_turn) return;
      const turnBefore = st && `${st.to_move}|${st.status}`;
      latest += 1;  // an answer still on its way is older than this
      st = next;
      render();
      if (`${st.to_move}|${st.status}` !== turnBefore) clock.refresh(st);
    });
    es.addEventListener('update', (ev) => {
      let data = {};
      try { data = JSON.parse(ev.data); } catch { /* a malformed event: re-read anyway */ }
      chat.update(data.chat);
      // While my action is on its way the update is usually of that action (announced before
      // its answer, which waits for the disk): looked at once the answer is in.
      if (busy) { pendingUpdate = data; return; }
      if (updateIsNew(data)) load();
    });
    // A lost connection: listen again from the log held now (the browser's own reconnection
    // would ask from the log this page held when it first connected).
    es.onerror = () => {
      es.close();
      setTimeout(listen, 2000);
    };
  }

  // The number keys choose the actions of the list (1 the first, ... 9, 0 the tenth).
  const onKey = (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || !/^[0-9]$/.test(e.key) || confirmOpen()) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT')) return;
    const buttons = [...root.querySelectorAll('#actions button.act')].filter((b) => !b.hidden && !b.disabled);
    const b = buttons[e.key === '0' ? 9 : Number(e.key) - 1];
    if (!b) return;
    e.preventDefault();
    b.focus();
    b.click();
  };
  document.addEventListener('keydown', onKey);

  load().then(listen);
  return {
    destroy() {
      alive = false;
      clock.destroy();
      document.removeEventListener('keydown', onKey);
      if (es) es.close();
      closeMenu();
      closeConfirm();
      document.title = 'pacwar';
    },
  };
}

// The kind of prompt, from the view's data (never from the prompt's words): the step of the
// game's table of steps, who acts, and the part of a combat (9.2.4's hits of an airstrike and of
// a surface combat are two kinds).
function promptKind(st) {
  const v = (st && st.view) || {};
  return JSON.stringify([v.step, st && st.to_move, v.combat ? v.combat.part : null, v.combat ? v.combat.firing : null]);
}

// What has the keyboard focus, as a selector to find its like after a redraw.
function focusKey() {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const inActions = !!el.closest('#actions');
  for (const attr of ['data-action', 'data-group', 'data-node', 'data-unit', 'data-card', 'id']) {
    const v = el.getAttribute(attr);
    if (v) return { sel: `[${attr}="${CSS.escape(v)}"]`, inActions, inPrompt: !!el.closest('#prompt') };
  }
  return { sel: null, inActions, inPrompt: !!el.closest('#prompt') };
}

// When it becomes your turn the focus goes to the prompt (a screen reader reads it), unless the
// user is typing (a chat message) or already in the prompt.
function focusPrompt() {
  const el = document.activeElement;
  if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)) return;
  const prompt = document.getElementById('prompt');
  if (!prompt || prompt.contains(el)) return;
  prompt.focus({ preventScroll: true });
}

// Puts the focus back where it was; an action that is gone hands it to the first action of the
// new list (or the prompt, while waiting).
function restoreFocus(key) {
  if (!key) return;
  const again = key.sel ? document.querySelector(key.sel) : null;
  if (again && !again.disabled && again.offsetParent !== null) {
    again.focus({ preventScroll: true });
    return;
  }
  if (key.inActions || key.inPrompt) {
    const first = document.querySelector('#actions button.act:not([disabled])') || document.getElementById('prompt');
    if (first) first.focus({ preventScroll: true });
  }
}

// Where the game stands, in the game's words ("Turn 2 · Strategy phase", "1942, Turn 4").
function whenText(game, view) {
  const g = gameModule(game);
  return view && g ? g.when(view) : '';
}
