// The confirmation before an action that plays, reveals or discards a card of the seat's hand
// (issue 40): such an action is an undo barrier, so one stray click must not spend a card.
// An action spends a card when a word of its id is the id of a card in the seat's hand (the
// view's hands[seat].cards): "event J12 Katsuragi", "initiative A03", "play J-3 naval",
// "react A-12", "discard J-7", "lose A05". Every other action stays one click.
import { h, printed } from './dom.js';

// The card of the seat's hand that action `id` names, or null.
export function cardOfAction(view, seat, id) {
  const cards = ((((view || {}).hands || {})[seat] || {}).cards) || [];
  if (!cards.length) return null;
  const words = new Set(String(id).split(' '));
  return cards.find((c) => words.has(c.id)) || null;
}

let open = null;  // the dialog shown now: {el, cancel()}

export function confirmOpen() {
  return !!open;
}

export function closeConfirm() {
  if (open) open.cancel();
}

// "Play" for a card played for its event (The Pacific War's "event", Co-Prosperity's "play" and
// "react"); "Discard" for a card spent otherwise (for the Initiative, a Resupply, a hand limit...).
function isPlay(id) {
  return /^(event|play|react) /.test(id);
}

// A modal dialog naming the card and what the action does; `onConfirm()` runs on "Play card".
// The focus moves to Cancel (the choice that changes nothing; Tab reaches "Play card"); Escape or Cancel closes it and the focus goes
// back to what had it (or, when a redraw replaced that, to its like).
export function confirmCard({ card, action, onConfirm }) {
  closeConfirm();
  const back = document.activeElement;
  const backKey = back && back !== document.body ? keyOf(back) : null;
  const play = isPlay(action.id);
  const verb = play ? 'Play' : 'Discard';
  const title = `${verb} ${card.id} ${card.name || ''}?`.replace(/\s+\?$/, '?');
  const done = (ok) => {
    if (!open || open.el !== dialog) return;
    open = null;
    dialog.close();
    dialog.remove();
    const again = back && back.isConnected ? back : backKey ? document.querySelector(backKey) : null;
    if (!ok && again) again.focus({ preventScroll: true });
    if (ok) onConfirm();
  };
  const yes = h('button', { type: 'button', id: 'confirm-card', 'data-action': action.id, onclick: () => done(true) },
    `${verb} card`);
  const no = h('button', { type: 'button', class: 'secondary', id: 'cancel-card', onclick: () => done(false) }, 'Cancel');
  const dialog = h('dialog', { class: 'confirm-card', id: 'card-confirm', 'aria-labelledby': 'card-confirm-title',
                               'aria-describedby': 'card-confirm-what', 'data-card': card.id },
    h('div', { class: 'confirm-box' },
      h('h3', { id: 'card-confirm-title' }, title),
      h('div', { id: 'card-confirm-what' },
        h('p', { class: 'confirm-action' }, printed(action.label || action.id)),
        play && card.text ? h('p', { class: 'card-text' }, card.text) : null,
        h('p', { class: 'muted small' }, 'The card is revealed: this cannot be undone.')),
      h('div', { class: 'row' }, yes, no)));
  // Escape: the dialog's own cancel event (closes it without playing).
  dialog.addEventListener('cancel', (e) => { e.preventDefault(); done(false); });
  // A click on the backdrop (outside the box) cancels too.
  dialog.addEventListener('click', (e) => { if (e.target === dialog) done(false); });
  document.body.append(dialog);
  open = { el: dialog, cancel: () => done(false) };
  dialog.showModal();
  no.focus();
  return dialog;
}

// A selector for an element's like after a redraw.
function keyOf(el) {
  for (const attr of ['data-action', 'data-group', 'data-unit', 'data-card', 'data-node', 'id']) {
    const v = el.getAttribute && el.getAttribute(attr);
    if (v) return `[${attr}="${CSS.escape(v)}"]`;
  }
  return null;
}
