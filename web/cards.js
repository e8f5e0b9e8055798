// A game's cards and counters as keyboard-reachable elements, shared by every game's panels.
import { h } from './dom.js';

// A counter reachable by Tab; Enter or Space clicks it when an action names it.
export function keyable(el, onClick) {
  el.setAttribute('tabindex', '0');
  if (!onClick) return el;
  el.addEventListener('click', onClick);
  el.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    const r = el.getBoundingClientRect();
    onClick({ clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 });
  });
  return el;
}

// A card of a hand. `iconOf(id)` draws one of the card's icons (a game whose cards have icons
// passes its own; c.icons is empty otherwise).
export function cardEl(c, clickable, onCard, iconOf = (id) => h('span', { class: 'icon' }, id)) {
  const el = h('div', { class: `game-card ${c.category || ''}${clickable ? ' clickable' : ''}`, 'data-card': c.id,
                        tabindex: 0, role: clickable ? 'button' : 'group',
                        // A playable card (a button) is named by its text, which a screen reader reads whole.
                        'aria-label': clickable ? null : `Card ${c.id} ${c.name || ''}`,
                        onclick: clickable ? (e) => onCard(c.id, e) : undefined,
                        onkeydown: clickable ? (e) => {
                          if (e.key !== 'Enter' && e.key !== ' ') return;
                          e.preventDefault();
                          const r = e.currentTarget.getBoundingClientRect();
                          onCard(c.id, { clientX: r.left + 20, clientY: r.top + r.height / 2 });
                        } : undefined },
    h('div', { class: 'card-head' }, h('b', {}, c.id), ' ', c.name),
    (c.icons || []).length ? h('div', { class: 'card-icons' }, c.icons.map(iconOf)) : null,
    c.category ? h('div', { class: 'card-tags' }, h('span', { class: 'tag' }, c.category),
      c.strategic_event ? h('span', { class: 'tag se' }, 'Strategic Event') : null) : null,
    c.text ? h('div', { class: 'card-text' }, c.text) : null);
  return el;
}

