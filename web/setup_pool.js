// The set-up pool (issue 40): the seat's units still to place, as counters beside the map, from
// the view's `setup_pool` (the server sends it to the seat setting up only): The Pacific War's
// set-up (14.1, 14.2) and Co-Prosperity Sphere's split of the US forces (3.1). The rules ask about one unit at a time (`placing`): its counter leads the
// pool and can be dragged onto a highlighted map area (mouse or finger), or clicked to mark it
// and then a highlighted area clicked; the others wait their turn.
import { h } from './dom.js';

// opts: {legal, onAction(id), counter(unit, size) (the game's counter drawing), rule (its
// section)}. Returns the panel, or null when the view has no pool.
export function setupPool(view, { legal = [], onAction, counter: draw, rule = '' } = {}) {
  const pool = view.setup_pool;
  if (!pool || !(pool.units || []).length) return null;
  const placing = pool.units.find((u) => u.id === pool.placing);
  const waiting = pool.units.filter((u) => u.id !== pool.placing);
  // The legal places of the unit asked about: "place <unit> <area>", by area.
  const places = new Map();
  for (const a of legal) {
    const w = a.id.split(' ');
    if (w[0] === 'place' && w[1] === pool.placing && w.length === 3) places.set(w[2], a);
  }
  const say = h('p', { class: 'small pool-say', id: 'pool-say', role: 'status', 'aria-live': 'polite' });
  const box = h('section', { class: 'panel setup-pool', id: 'setup-pool', 'aria-labelledby': 'setup-pool-title' },
    h('h3', { id: 'setup-pool-title' }, `Units to place (${pool.units.length}) `, h('span', { class: 'muted' }, `set-up, ${rule}`)));
  const nameOf = (u) => u.name || u.id;
  if (placing) {
    const counter = draw(placing, 64);
    counter.setAttribute('tabindex', '0');
    counter.setAttribute('role', 'button');
    counter.setAttribute('aria-label', `${nameOf(placing)}, placing now: ${places.size} legal areas highlighted on the map; ` +
      'drag it there, or click it and then an area');
    const now = h('div', { class: `pool-now${places.size ? ' can-drag' : ''}`, 'data-pool-unit': placing.id }, counter);
    if (places.size) dragToMap(now, counter, nameOf(placing), places, onAction, say);
    box.append(h('div', { class: 'pool-current' }, now,
      h('div', { class: 'small' }, h('b', {}, nameOf(placing)), ' is placed now.',
        places.size ? ` Drag it onto one of the ${places.size} highlighted areas, or click a highlighted area.` : '')));
  }
  if (waiting.length) {
    box.append(h('div', { class: 'small muted' }, `Waiting (${waiting.length}), placed one at a time in this order:`),
      h('div', { class: 'pool-waiting counters' }, waiting.map((u) => {
        const c = draw(u, 44);
        c.setAttribute('aria-label', `${nameOf(u)}, waiting to be placed`);
        c.setAttribute('tabindex', '0');  // reachable by Tab, as every counter (its title tells its values)
        return h('div', { class: 'pool-unit', 'data-pool-unit': u.id }, c);
      })));
  }
  box.append(say);
  return box;
}

// Pointer drag of the counter onto the map: a copy follows the pointer; let go over a
// highlighted area places the unit there. A press without a move marks the counter (and the
// map's highlighted areas pulse) so that a click on an area places it.
function dragToMap(holder, counter, name, places, onAction, say) {
  holder.style.touchAction = 'none';
  let drag = null;
  const nodeAt = (x, y) => {
    const el = document.elementFromPoint(x, y);
    const g = el && el.closest ? el.closest('svg.map .node') : null;
    return g ? g.getAttribute('data-node') : null;
  };
  const mark = (on) => {
    holder.classList.toggle('picked', on);
    const map = document.querySelector('svg.map');
    if (map) map.classList.toggle('pool-picked', on);
  };
  holder.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    drag = { x: e.clientX, y: e.clientY, ghost: null, id: e.pointerId };
    holder.setPointerCapture(e.pointerId);
  });
  holder.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.ghost && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
    if (!drag.ghost) {
      drag.ghost = counter.cloneNode(true);
      drag.ghost.classList.add('drag-ghost');
      drag.ghost.removeAttribute('tabindex');
      drag.ghost.setAttribute('aria-hidden', 'true');
      document.body.append(drag.ghost);
      mark(true);
    }
    drag.ghost.style.left = `${e.clientX - 32}px`;
    drag.ghost.style.top = `${e.clientY - 32}px`;
    const over = nodeAt(e.clientX, e.clientY);
    document.querySelectorAll('svg.map .node.drop-over').forEach((n) => n.classList.remove('drop-over'));
    if (over && places.has(over)) document.querySelector(`svg.map .node[data-node="${CSS.escape(over)}"]`)?.classList.add('drop-over');
  });
  const end = (e, cancelled) => {
    if (!drag || e.pointerId !== drag.id) return;
    const { ghost } = drag;
    drag = null;
    document.querySelectorAll('svg.map .node.drop-over').forEach((n) => n.classList.remove('drop-over'));
    if (!ghost) {  // a press without a move: a click
      if (!cancelled) {
        mark(!holder.classList.contains('picked'));
        say.textContent = holder.classList.contains('picked')
          ? `${name} chosen: click a highlighted area on the map.` : '';
      }
      return;
    }
    ghost.remove();
    mark(false);
    if (cancelled) return;
    const over = nodeAt(e.clientX, e.clientY);
    const action = over ? places.get(over) : null;
    if (action) onAction(action.id);
    else say.textContent = `${name} can go only to a highlighted area; dropped elsewhere, it stays in the pool.`;
  };
  holder.addEventListener('pointerup', (e) => end(e, false));
  holder.addEventListener('pointercancel', (e) => end(e, true));
  // The keyboard: Enter or Space on the counter says what to do (the areas are on the map, and
  // the prompt's buttons place it too).
  counter.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    mark(!holder.classList.contains('picked'));
    say.textContent = `${name}: choose a highlighted area on the map, or a button of the prompt.`;
  });
}
