// Legal actions: which map nodes, counters and cards an action id names (by its words), the
// prompt with its buttons, and a small menu when a click matches several actions.
import { h, cap, pretty, printed } from './dom.js';
import { opponentLabel } from './lobby.js';

// Map(name -> [actions]) for every name in `names` that appears as a word of an action id.
export function targetsBy(legal, names) {
  const wanted = new Set(names);
  const out = new Map();
  for (const a of legal) {
    for (const word of new Set(a.id.split(' '))) {
      if (!wanted.has(word)) continue;
      if (!out.has(word)) out.set(word, []);
      out.get(word).push(a);
    }
  }
  return out;
}

let openMenu = null;
export function closeMenu() {
  if (openMenu) openMenu.remove();
  openMenu = null;
}
document.addEventListener('click', (e) => {
  if (openMenu && !openMenu.contains(e.target)) closeMenu();
}, true);
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') closeMenu(); });

// One action: do it; several: a menu at the click.
export function chooseAmong(actions, event, onAction) {
  closeMenu();
  if (!actions.length) return;
  if (actions.length === 1) {
    onAction(actions[0].id);
    return;
  }
  // A choice hands the focus back to what opened the menu (a card's confirmation returns it there).
  const opener = document.activeElement;
  const choose = (id) => {
    closeMenu();
    if (opener && opener !== document.body && opener.isConnected) opener.focus({ preventScroll: true });
    onAction(id);
  };
  const menu = h('div', { class: 'menu', role: 'menu' },
    actions.map((a) => h('button', { role: 'menuitem', 'data-action': a.id, onclick: () => choose(a.id) }, printed(a.label || a.id))));
  // The arrow keys move between the choices (the ARIA menu pattern); Escape closes it.
  menu.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const items = [...menu.querySelectorAll('button')];
    const at = items.indexOf(document.activeElement);
    const next = e.key === 'ArrowDown' ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
    items[next].focus();
    e.preventDefault();
  });
  const x = event && event.clientX !== undefined ? event.clientX : 200;
  const y = event && event.clientY !== undefined ? event.clientY : 200;
  (document.getElementById('page') || document.body).append(menu);  // inside the main landmark
  // Beside the click, but whole on the screen (a long menu scrolls within it; a phone's too).
  const margin = 8;
  menu.style.left = `${Math.max(margin, Math.min(x + 6, window.innerWidth - menu.offsetWidth - margin))}px`;
  menu.style.top = `${Math.max(margin, Math.min(y + 6, window.innerHeight - menu.offsetHeight - margin))}px`;
  // From the keyboard, the first choice has the focus (Escape closes the menu).
  if (event && event.detail === 0) menu.querySelector('button')?.focus();
  setTimeout(() => { openMenu = menu; }, 0);
}

// The rows of the action list: each action alone, except that the actions of one menu group
// (the server's `group`: one card's event or discard on any of several targets) share a row.
export function actionRows(legal) {
  const size = new Map();
  for (const a of legal) if (a.group) size.set(a.group, (size.get(a.group) || 0) + 1);
  const rows = [];
  const rowOf = new Map();
  for (const a of legal) {
    if (!a.group || size.get(a.group) < 2) {
      rows.push({ action: a });
      continue;
    }
    if (!rowOf.has(a.group)) {
      rowOf.set(a.group, rows.length);
      rows.push({ group: a.group, actions: [] });
    }
    rows[rowOf.get(a.group)].actions.push(a);
  }
  return rows;
}

function splitPrompt(prompt) {
  const m = /^(\d+(?:\.\d+)*(?:[-–]\d+(?:\.\d+)*)?(?:\s*\(\d+\))?):?\s*(.*)$/.exec(prompt || '');
  return m ? [m[1], m[2]] : ['', prompt || ''];
}

// The prompt (rule section badge + text) and one button per legal action, numbered for the
// number keys. On a phone the panel is docked at the bottom of the screen and can be collapsed.
// opts: {busy, repeat(actionId, times), collapsed, onCollapse(collapsed)}
export function promptPanel(st, onAction, { busy = false, repeat = null, collapsed = false, onCollapse = null } = {}) {
  const box = h('section', { class: `panel prompt-panel${st.your_turn ? ' mine' : ''}${collapsed ? ' collapsed' : ''}`, id: 'prompt',
                             tabindex: -1, 'aria-label': 'Prompt and legal actions' });
  const toggle = h('button', { type: 'button', class: 'secondary collapse', id: 'prompt-toggle', 'aria-expanded': String(!collapsed),
    'aria-controls': 'prompt-body', title: 'Hide or show the actions',
    onclick: () => {
      const now = !box.classList.contains('collapsed');
      box.classList.toggle('collapsed', now);
      toggle.setAttribute('aria-expanded', String(!now));
      toggle.textContent = now ? '▴ Show' : '▾ Hide';
      if (onCollapse) onCollapse(now);
    } }, collapsed ? '▴ Show' : '▾ Hide');
  if (!st.your_turn) {
    const who = st.to_move && st.seats ? st.seats[st.to_move] : null;
    box.append(h('p', { class: 'waiting' },
      st.status === 'finished' ? 'The game is over.'
        : st.status === 'waiting' ? 'Waiting for the invited player to join.'
        : st.to_move === 'chance' ? 'Rolling dice…'
        : `Waiting for ${cap(pretty(st.to_move || ''))}${who ? ` (${opponentLabel(who)})` : ''}…`));
    if (st.view && st.view.prompt && st.status !== 'finished') box.append(h('p', { class: 'muted' }, printed(st.view.prompt)));
    return box;
  }
  const [sec, text] = splitPrompt(st.prompt);
  box.append(h('div', { class: 'prompt-head' },
    h('p', { class: 'prompt-text', id: 'prompt-text' }, sec ? h('span', { class: 'rule' }, sec) : null, ' ', printed(text)), toggle));
  const body = h('div', { class: 'prompt-body', id: 'prompt-body' });
  const list = h('div', { class: 'actions', id: 'actions', role: 'group', 'aria-labelledby': 'prompt-text' });
  // Hits still to allocate: the combat's count in the view (never read out of the prompt's words).
  const hitsLeft = st.view && st.view.combat ? Number(st.view.combat.hits_left) || 0 : 0;
  const rows = actionRows(st.legal).map((row, i) => {
    const key = i < 10 ? String((i + 1) % 10) : undefined;
    const kbd = i < 10 ? h('kbd', { 'aria-hidden': 'true' }, key) : null;
    if (row.group) {
      // One card on several targets: a menu of the targets under the button.
      const choices = row.actions.map((a) => ({ id: a.id, label: a.choice || a.label || a.id }));
      return h('button', { class: 'act group', 'data-group': row.group,
                           disabled: busy, 'aria-haspopup': 'menu', 'aria-keyshortcuts': key,
                           onclick: (e) => {
                             const r = e.currentTarget.getBoundingClientRect();
                             chooseAmong(choices, { clientX: r.left, clientY: r.bottom, detail: e.detail }, onAction);
                           } },
        kbd, printed(`${row.group} (${row.actions.length} choices)`));
    }
    const a = row.action;
    const b = h('button', { class: 'act', 'data-action': a.id, disabled: busy,
                            'aria-keyshortcuts': key, onclick: () => onAction(a.id) },
      kbd, printed(a.label || a.id));
    // Several hits to allocate: the same pick for all of them in one click (one request each).
    const again = repeat && hitsLeft > 1
      ? h('button', { type: 'button', class: 'secondary repeat', 'data-repeat': a.id, disabled: busy,
                      title: `All ${hitsLeft} hits: this pick, again while it stays legal, then down the list (one action at a time)`,
                      'aria-label': `${printed(a.label || a.id)}, then the rest of the ${hitsLeft} hits down the list`,
                      onclick: () => repeat(a.id, hitsLeft) }, `×${hitsLeft}`)
      : null;
    return again ? h('div', { class: 'act-row' }, b, again) : b;
  });
  if (st.legal.length > 12) {
    const filter = h('input', { type: 'search', placeholder: `Filter ${st.legal.length} actions…`, class: 'filter',
      'aria-label': 'Filter the actions',
      oninput: () => {
        const q = filter.value.toLowerCase();
        for (const b of list.querySelectorAll('button.act')) {
          b.hidden = q && !b.textContent.toLowerCase().includes(q) && !b.title.toLowerCase().includes(q);
        }
      } });
    body.append(filter);
  }
  list.append(...rows);
  body.append(h('p', { class: 'hint muted' }, 'Choose a button (or press its number), or click a highlighted space, counter or card.'), list);
  box.append(body);
  return box;
}
