// The Pacific War panels around the map: status, turn track (damaged units), VP track,
// hands and discards, the combat in progress, the units of the selected OZ.
import { h, s, pretty, cap, countOf, sideName } from '../../dom.js';
import { logLine } from '../../log.js';
import { cardEl, keyable } from '../../cards.js';
import { pwCounter } from './counter.js';

const LAST_TURN = 5;  // the turn track printed on the map: Turns 0 to 5

export function pwStatus(view) {
  const items = [
    ['Turn', view.turn],
    ['Phase', cap(view.phase || '')],
    view.active ? ['Initiative', view.active] : null,
    view.initiative_dice ? ['Initiative dice', `${view.initiative_dice[0]} / ${view.initiative_dice[1]}`] : null,
    ['Deck', countOf(view.deck_count, 'card')],
    ['Restricted routes', view.restricted_routes_open ? 'open' : 'closed (8.8)'],
    view.winner ? ['Winner', view.winner] : null,
  ].filter(Boolean);
  return h('section', { class: 'panel status' },
    h('dl', {}, items.map(([k, v]) => [h('dt', {}, k), h('dd', {}, String(v))])),
    (view.rules || []).length ? h('p', { class: 'muted small' }, `Optional rules: ${view.rules.join(', ')}`) : null);
}

export function pwTurnTrack(view, { isTarget, onUnit } = {}) {
  const track = view.turn_track || {};
  const later = Object.keys(track).map(Number).filter((t) => t > LAST_TURN);
  const boxes = [];
  for (let t = 0; t <= LAST_TURN; t += 1) boxes.push([String(t), `Turn ${t}`, track[String(t)] || []]);
  if (later.length) boxes.push(['later', 'Later', later.flatMap((t) => track[String(t)])]);
  return h('section', { class: 'panel turn-track', id: 'turn-track' },
    h('h3', {}, 'Turn Track ', h('span', { class: 'muted' }, 'units arrive on the Turn shown: reinforcements (6.0) and damaged ships under repair, marked R (9.2.5)')),
    h('div', { class: 'track' }, boxes.map(([key, label, units]) => h('div', {
      class: `box${String(view.turn) === key ? ' current' : ''}`, 'data-turn': key },
    h('div', { class: 'label' }, label, String(view.turn) === key ? h('span', { class: 'turn-marker' }, 'Game Turn') : null),
    h('div', { class: 'units' }, units.map((u) => unitEl(u, 50, isTarget, onUnit)))))));
}

export function pwVpTrack(view) {
  const span = 12;
  const vp = view.vp || 0;
  const shown = Math.max(-span, Math.min(span, vp));
  const w = 26;
  const svg = s('svg', { class: 'vp-track', viewBox: `0 0 ${(2 * span + 1) * w + 4} 46`, 'aria-label': `VP ${vp}` });
  for (let i = -span; i <= span; i += 1) {
    const x = (i + span) * w + 2;
    svg.append(s('rect', { x, y: 14, width: w, height: 26, class: `vp-box${i === 0 ? ' zero' : i > 0 ? ' jp' : ' al'}` }),
               s('text', { x: x + w / 2, y: 31, 'text-anchor': 'middle', 'font-size': 10 }, Math.abs(i)));
  }
  const mx = (shown + span) * w + 2 + w / 2;
  svg.append(s('circle', { cx: mx, cy: 27, r: 11, class: 'vp-marker' }),
             s('text', { x: mx, y: 31, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#fff' }, Math.abs(vp)),
             s('text', { x: 4, y: 10, 'font-size': 10, fill: '#1f4e8c' }, '◀ Allied'),
             s('text', { x: (2 * span + 1) * w, y: 10, 'text-anchor': 'end', 'font-size': 10, fill: '#8c1c13' }, 'Japanese ▶'));
  const text = vp === 0 ? '0' : `${Math.abs(vp)} ${vp > 0 ? 'Japanese' : 'Allied'}`;
  return h('section', { class: 'panel', id: 'vp-track' }, h('h3', {}, 'Victory Points: ', h('span', { 'data-testid': 'vp' }, text),
    h('span', { class: 'muted' }, ' (11.0)')), svg);
}

function unitEl(u, size, isTarget, onUnit) {
  const clickable = isTarget ? isTarget(u.id) : false;
  return keyable(pwCounter(u, { size, clickable }), clickable ? (e) => onUnit(u.id, e) : null);
}

export function handPanel(view, seat, { isTarget, onCard } = {}) {
  const hands = view.hands || {};
  const mine = hands[seat] || { cards: [] };
  const others = Object.entries(hands).filter(([k]) => k !== seat);
  return h('section', { class: 'panel hand', id: 'hand' },
    h('h3', {}, seat ? `My hand (${(mine.cards || []).length})` : 'Hands'),
    h('div', { class: 'cards' }, (mine.cards || []).map((c) => cardEl(c, isTarget && isTarget(c.id), onCard))),
    h('p', { class: 'muted' }, others.map(([k, v]) => `${cap(k)} hand: ${v.count} card(s)`).join(' · ')),
    view.discards && view.discards.length ? h('details', {}, h('summary', {}, `Discards (${view.discards.length})`),
      h('ul', { class: 'small' }, view.discards.map((d) => h('li', {}, `${d.japanese} / ${d.allied}`)))) : null);
}

// The combat in progress (view.combat) and the combat lines of the log, step by step.
export function pwCombat(view, log) {
  const lines = [];
  for (let i = log.length - 1; i >= 0 && lines.length < 40; i -= 1) {
    if (!/^9\./.test(log[i].rule || '')) break;
    lines.unshift(log[i]);
  }
  const c = view.combat;
  if (!c && !lines.length) return null;
  const facts = c ? [
    ['Where', pretty(c.oz)], ['Attacker', c.attacker], ['Round', c.round], ['Part', c.part],
    c.firing ? ['Firing', c.firing] : null, c.column ? ['CRT column', c.column] : null,
    ['Hits to allocate', c.hits_left], ['MP left', c.mp_left],
  ].filter(Boolean) : [];
  return h('section', { class: 'panel combat', id: 'combat' },
    h('h3', {}, c ? `Combat at ${pretty(c.oz)}` : 'Last combat', h('span', { class: 'muted' }, ' (9.0)')),
    facts.length ? h('dl', {}, facts.map(([k, v]) => [h('dt', {}, k), h('dd', { 'data-fact': k }, String(v))])) : null,
    lines.length ? h('ol', { class: 'log combat-log', tabindex: 0, 'aria-label': 'Combat log' }, lines.map(logLine)) : null);
}

// The units of the selected OZ, as counters (clickable when a legal action names them).
export function pwStack(view, ozId, { isTarget, onUnit } = {}) {
  const oz = (view.ozs || []).find((o) => o.id === ozId);
  if (!oz) return h('section', { class: 'panel stack', id: 'stack' }, h('p', { class: 'muted' }, 'Click an OZ on the map to see its units.'));
  const facts = [oz.port ? `Port, ${oz.vp} VP` : 'OZ', oz.control ? `controlled by the ${sideName(oz.control)} player` : 'uncontrolled',
    oz.port_owner ? `port owner: ${sideName(oz.port_owner)}` : null, oz.base_marker ? `${sideName(oz.base_marker)} Base` : null,
    oz.contested ? 'contested' : null].filter(Boolean).join(' · ');
  const bySide = {};
  for (const u of oz.units) (bySide[u.side] = bySide[u.side] || []).push(u);
  return h('section', { class: 'panel stack', id: 'stack', 'data-oz': oz.id },
    h('h3', {}, oz.name), h('p', { class: 'muted' }, facts),
    Object.keys(bySide).length ? Object.entries(bySide).map(([side, us]) => h('div', { class: 'stack-side' },
      h('div', { class: 'small' }, `${side}: ${us.length} unit(s), ${us.filter((u) => u.ready === false).length} Ops Complete`),
      h('div', { class: 'counters' }, us.map((u) => unitEl(u, 58, isTarget, onUnit)))))
      : h('p', { class: 'muted' }, 'No units.'));
}

export function pwUnitNode(view) {
  const m = new Map();
  for (const o of view.ozs || []) for (const u of o.units) m.set(u.id, o.id);
  return m;
}
