// "Learn to play": a guided first turn against the computer. The lobby's buttons (learnBox) and
// the route #/learn/GAME (showLearn) create an unrated game without hints against the computer
// level the game's tutorial names; the game page (game.js) then shows a tutorial panel
// (tutorialFor) while the game is marked as a tutorial in this browser (localStorage).
// The texts are data: data/<game>/tutorial.json, served in GET /api/content/<game> as
// "tutorial", one entry per step of the engine's table of steps, found by the view's "step".
// The panel never decides what is legal: the highlighted map areas, counters and buttons are the
// page's own marks of the server's legal actions; a click on anything else is explained here and
// sends nothing.
import { api } from './api.js';
import { h, clear, printed } from './dom.js';

const KEY = (id) => `pacwar-tutorial:${id}`;

function load(id) {
  try {
    return JSON.parse(localStorage.getItem(KEY(id)) || 'null');
  } catch {
    return null;
  }
}

function save(id, mark) {
  try {
    localStorage.setItem(KEY(id), JSON.stringify(mark));
  } catch { /* private mode: the tutorial lasts as long as the page */ }
}

// The lobby's "Learn to play" box: one button per game of the catalog.
export function learnBox() {
  const box = h('div', { class: 'card tutorial-learn', id: 'learn-to-play' },
    h('h2', {}, 'Learn to play'),
    h('p', { class: 'muted' }, 'A guided first turn against the computer: each step explained with its rule, unrated.'));
  const row = h('div', { class: 'row' });
  box.append(row);
  api.catalog().then((c) => {
    row.append(...c.games.map((g) => h('a', { class: 'button', href: `#/learn/${encodeURIComponent(g.name)}`,
                                              'data-learn': g.name }, `Learn ${g.title}`)));
  }, (e) => row.append(h('p', { class: 'error' }, e.message)));
  return box;
}

// #/learn/GAME: creates the tutorial game and opens it.
export function showLearn(ctx, game) {
  const msg = h('p', { role: 'status' }, 'Setting up your tutorial game…');
  ctx.page.append(h('section', { class: 'card tutorial-start' }, h('h2', {}, 'Learn to play'), msg));
  let alive = true;
  (async () => {
    try {
      const content = await api.content(game);
      const t = content.tutorial;
      if (!t) throw new Error(`There is no tutorial for the game '${game}'.`);
      const r = await api.createGame({ game, seat: t.seat, opponent: t.opponent, rated: false });
      save(r.id, { game, seen: [], quiet: [], armed: null, done: false, closed: false });
      if (alive) ctx.go(`#/game/${r.id}`);
    } catch (e) {
      msg.className = 'error';
      msg.setAttribute('role', 'alert');
      msg.textContent = `Could not start the tutorial: ${e.message}`;
      msg.after(h('a', { href: '#/' }, 'Back to the lobby'));
    }
  })();
  return { destroy() { alive = false; } };
}

// The tutorial of game `id` on its game page, or null when the game is not a tutorial game.
// panel(st, content): the panel element (the same element on every redraw); after(root): marks
// the suggested action once the page is drawn.
export function tutorialFor(id, root) {
  const mark = load(id);
  if (!mark || mark.closed) return null;
  const el = h('section', { class: 'tutorial-panel card', id: 'tutorial', 'aria-labelledby': 'tutorial-title' });
  const live = h('div', { class: 'tutorial-live', 'aria-live': 'polite', id: 'tutorial-live' });
  // Why a click was refused: a status region of its own, empty until then.
  const whyNot = h('p', { class: 'tutorial-why-not', id: 'tutorial-why-not', role: 'status' });
  el.append(h('h2', { id: 'tutorial-title' }, 'Learn to play'), whyNot, live);
  let st = null;
  let tut = null;
  let shownKey = null;
  let suggestId = null;
  let explainAgain = null;  // the step whose full explanation was asked for again

  const entryOf = (step) => (tut && tut.steps.find((e) => e.step === step)) || null;
  const ruleText = (section) => `${/,/.test(section) ? 'Rules' : 'Rule'} ${section}`;

  function showWhyNot(text) {
    clear(whyNot).append(h('strong', {}, 'Not allowed: '), text, ' Nothing was sent; the game is unchanged.');
  }

  // A click on the map or a counter that the page does not mark as a legal choice (or Enter
  // or Space on one, as the map takes them from the keyboard).
  const refused = (ev) => {
    if (!st || !tut || mark.done || !st.your_turn) return;
    const entry = entryOf(st.view && st.view.step);
    if (!entry || !entry.why_not) return;
    const node = ev.target.closest && ev.target.closest('svg.map .node');
    if (node && !node.classList.contains('target') && root.querySelector('svg.map .node.target')) {
      showWhyNot(entry.why_not);
      return;
    }
    const counter = ev.target.closest && ev.target.closest('svg.counter');
    if (counter && !counter.classList.contains('clickable') && root.querySelector('svg.counter.clickable')) showWhyNot(entry.why_not);
  };
  root.addEventListener('click', refused, true);
  root.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') refused(ev); }, true);

  function suggestion(entry) {
    // `suggest`: a pattern of action ids, or a list of them in order of preference.
    if (!entry.suggest || !st.legal) return null;
    for (const pattern of [entry.suggest].flat()) {
      const re = new RegExp(pattern);
      const found = st.legal.find((a) => re.test(a.id));
      if (found) return found;
    }
    return null;
  }

  function finishCheck() {
    const step = st.view && st.view.step;
    if (mark.done || !step) return;
    if (st.status === 'finished') mark.done = true;
    else if (mark.armed !== null && st.version > mark.armed && tut.finish.at.includes(step)) mark.done = true;
    else if (st.your_turn && step === tut.finish.after) mark.armed = st.version;
    save(id, mark);
  }

  function draw() {
    const step = st.view && st.view.step;
    const entry = entryOf(step);
    const key = [st.version, st.your_turn, mark.done, mark.quiet.join(), explainAgain].join('|');
    if (key === shownKey) return;
    shownKey = key;
    clear(whyNot);
    suggestId = null;
    clear(live);
    el.dataset.step = step || '';
    if (mark.done) {
      el.dataset.state = 'closing';
      live.append(h('h3', {}, 'Tutorial complete'), h('p', { class: 'tutorial-closing' }, tut.closing),
        h('button', { type: 'button', id: 'tutorial-close', onclick: () => { mark.closed = true; save(id, mark); el.remove(); } },
          'Close the tutorial'));
      return;
    }
    el.dataset.state = st.your_turn ? 'yours' : 'waiting';
    if (!mark.seen.length) live.append(h('p', { class: 'tutorial-intro' }, tut.intro));
    if (!entry) {
      live.append(h('p', { class: 'muted' }, 'The computer is playing…'));
      return;
    }
    const rule = h('span', { class: 'tutorial-rule' }, ruleText(entry.section));
    if (!st.your_turn) {
      live.append(h('p', { class: 'tutorial-other' }, `${st.to_move ? `${st.to_move[0].toUpperCase()}${st.to_move.slice(1)} (the computer)` : 'The computer'}: `,
        h('strong', {}, entry.title), ' · ', rule, '. ', entry.explain));
      return;
    }
    const seenBefore = mark.seen.includes(step);
    if (!seenBefore) { mark.seen.push(step); save(id, mark); }
    const pick = suggestion(entry);
    if (pick) suggestId = pick.id;
    if (mark.quiet.includes(step) && explainAgain !== step) {
      // A repeated step the player chose to go on with alone: one short line.
      live.append(h('p', { class: 'tutorial-quiet' }, h('strong', {}, entry.title), ' · ', rule, '. ', entry.repeat_note || entry.click,
        ' ', h('button', { type: 'button', class: 'link', onclick: () => { explainAgain = step; draw(); } }, 'Explain again')));
      return;
    }
    live.append(h('h3', {}, entry.title, ' · ', rule),
      h('p', { class: 'tutorial-explain' }, entry.explain),
      h('p', { class: 'tutorial-click' }, h('strong', {}, 'What to click: '), entry.click),
      pick ? h('p', { class: 'tutorial-suggest-text' }, h('strong', {}, 'For example: '), printed(pick.label || pick.id)) : null);
    const buttons = h('div', { class: 'row' });
    if (entry.wrong_choice) {
      buttons.append(h('button', { type: 'button', class: 'secondary', id: 'tutorial-wrong', onclick: () => showWhyNot(entry.why_not) },
        `Try this instead: ${entry.wrong_choice}`));
    }
    if (entry.repeats) {
      buttons.append(h('button', { type: 'button', id: 'tutorial-quiet', onclick: () => {
        if (!mark.quiet.includes(step)) mark.quiet.push(step);
        explainAgain = null;
        save(id, mark);
        draw();
      } }, entry.repeat_label || 'Got it: go on alone'));
    }
    if (buttons.childNodes.length) live.append(buttons);
  }

  return {
    panel(state, content) {
      st = state;
      tut = content && content.tutorial;
      if (!tut || !st || st.spectator || mark.closed) return null;
      finishCheck();
      draw();
      return el;
    },
    after(page) {
      page.classList.toggle('tutorial-on', !!tut && !mark.done && !mark.closed);
      page.classList.toggle('tutorial-shown', el.isConnected);  // room for the panel on a phone
      for (const b of page.querySelectorAll('#actions .tutorial-suggest')) b.classList.remove('tutorial-suggest');
      if (!suggestId || mark.done) return;
      const b = page.querySelector(`#actions button[data-action="${CSS.escape(suggestId)}"]`);
      if (b) b.classList.add('tutorial-suggest');
    },
  };
}
