// Legal actions: which map nodes, counters and cards an action id names (by its words), the
// prompt with its buttons, and a small menu when a click matches several actions.
import { h, pretty } from './dom.js';

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
  const menu = h('div', { class: 'menu', role: 'menu' },
    actions.map((a) => h('button', { 'data-action': a.id, title: a.id, onclick: () => { closeMenu(); onAction(a.id); } }, a.label || a.id)));
  const x = event && event.clientX !== undefined ? event.clientX : 200;
  const y = event && event.clientY !== undefined ? event.clientY : 200;
  menu.style.left = `${Math.min(x + 6, window.innerWidth - 280)}px`;
  menu.style.top = `${Math.min(y + 6, window.innerHeight - 40 * actions.length - 20)}px`;
  document.body.append(menu);
  setTimeout(() => { openMenu = menu; }, 0);
}

function splitPrompt(prompt) {
  const m = /^(\d+(?:\.\d+)*(?:[-–]\d+(?:\.\d+)*)?(?:\s*\(\d+\))?):?\s*(.*)$/.exec(prompt || '');
  return m ? [m[1], m[2]] : ['', prompt || ''];
}

// The prompt (rule section badge + text) and one button per legal action.
export function promptPanel(st, onAction, { busy = false } = {}) {
  const box = h('section', { class: `panel prompt-panel${st.your_turn ? ' mine' : ''}`, id: 'prompt' });
  if (!st.your_turn) {
    const who = st.to_move && st.seats ? st.seats[st.to_move] : null;
    box.append(h('p', { class: 'waiting' },
      st.status === 'finished' ? 'The game is over.'
        : st.status === 'waiting' ? 'Waiting for the invited player to join.'
        : st.to_move === 'chance' ? 'Rolling dice…'
        : `Waiting for ${pretty(st.to_move || '')}${who ? ` (${who})` : ''}…`));
    if (st.view && st.view.prompt && st.status !== 'finished') box.append(h('p', { class: 'muted' }, st.view.prompt));
    return box;
  }
  const [sec, text] = splitPrompt(st.prompt);
  box.append(h('p', { class: 'prompt-text' }, sec ? h('span', { class: 'rule' }, sec) : null, ' ', text));
  const list = h('div', { class: 'actions', id: 'actions' });
  const buttons = st.legal.map((a) => h('button', { 'data-action': a.id, title: a.id, disabled: busy,
                                                    onclick: () => onAction(a.id) }, a.label || a.id));
  if (st.legal.length > 12) {
    const filter = h('input', { type: 'search', placeholder: `Filter ${st.legal.length} actions…`, class: 'filter',
      oninput: () => {
        const q = filter.value.toLowerCase();
        for (const b of buttons) b.hidden = q && !b.textContent.toLowerCase().includes(q) && !b.title.toLowerCase().includes(q);
      } });
    box.append(filter);
  }
  list.append(...buttons);
  box.append(h('p', { class: 'hint muted' }, 'Choose a button, or click a highlighted space, counter or card.'), list);
  return box;
}
