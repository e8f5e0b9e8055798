// Co-Prosperity Sphere panels: status, Production Track, pools, cards, the selected space.
import { h, pretty, cap, sideName } from '../../dom.js';
import { logLine } from '../../log.js';
import { cardEl, keyable } from '../../cards.js';
import { cpsCounter } from './counter.js';

const defsOf = (content) => new Map(((content.units || {}).units || []).map((u) => [u.id, u]));

export function cpsStatus(view) {
  const war = view.war || {};
  const items = [
    ['Year', view.year], ['Turn', view.turn],
    ['At war', Object.entries(war).filter(([, v]) => v).map(([k]) => sideName(k)).join(', ')],
    ['Production Points', `Japanese ${view.pp.japanese} · Allied ${view.pp.allied}`],
    ['Resource Points', view.resource_points], ['First player', cap(view.first)],
    ['Atlantic card', view.atlantic_used ? 'used' : 'not used'],
    view.winner ? ['Winner', cap(view.winner)] : null,
  ].filter(Boolean);
  return h('section', { class: 'panel status' }, h('dl', {}, items.map(([k, v]) => [h('dt', {}, k), h('dd', {}, String(v))])));
}

function unitEl(u, def, size, isTarget, onUnit) {
  const clickable = isTarget ? isTarget(u.id) : false;
  return keyable(cpsCounter(u, def, { size, clickable }), clickable ? (e) => onUnit(u.id, e) : null);
}

export function cpsTracks(view, content, { isTarget, onUnit } = {}) {
  const defs = defsOf(content);
  const row = (title, units, id) => h('div', { class: 'track-row', id },
    h('div', { class: 'label' }, title),
    h('div', { class: 'units' }, units.length ? units.map((u) => {
      const el = unitEl(u, defs.get(u.id), 40, isTarget, onUnit);
      return u.advances_left !== undefined ? h('span', { class: 'with-note' }, el, h('small', {}, `${u.advances_left} to go`)) : el;
    }) : h('span', { class: 'muted' }, 'none')));
  return h('section', { class: 'panel turn-track' },
    h('h3', {}, 'Production Track, pools', h('span', { class: 'muted' }, ' (6.0, 8.4.2)')),
    row('Production Track', view.production_track || [], 'production-track'),
    row('Units Pool', (view.pools || []).map((id) => ({ id })), 'pools'),
    row('Vladivostok', (view.vladivostok || []).map((id) => ({ id })), 'vladivostok'));
}

// The card icons (cards.json) as small printed-style symbols with their names.
const ICONS = {
  development: ['⚙', 'Development'], naval: ['⚓', 'Naval'], ground: ['⚔', 'Ground'], reaction: ['⚡', 'Reaction'],
  strategic: ['★', 'Strategic'], cbi: ['CBI', 'China-Burma-India'], atlantic: ['Atl', 'Atlantic'],
  'north-wind-rain': ['❄', 'North Wind Rain'], 'replenish-army': ['↻', 'Replenish army'],
  'replenish-navy': ['↻', 'Replenish navy'], 'replenish-any': ['↻', 'Replenish any'],
};
function iconEl(id) {
  const bomb = /^bombing-(.*)$/.exec(id);
  const [glyph, name] = bomb ? ['✈', `Bombing ${bomb[1] === 'us' ? 'US' : bomb[1][0].toUpperCase() + bomb[1].slice(1)}`] : ICONS[id] || ['•', id];
  return h('span', { class: `icon icon-${bomb ? 'bombing' : id}`, title: name }, h('span', { 'aria-hidden': 'true' }, glyph), ` ${name}`);
}

export function cpsHand(view, seat, content, { isTarget, onCard } = {}) {
  const cards = new Map(((content.cards || {}).cards || []).map((c) => [c.id, c]));
  const mine = (view.hands || {})[seat] || { cards: [] };
  const others = Object.entries(view.hands || {}).filter(([k]) => k !== seat);
  return h('section', { class: 'panel hand', id: 'hand' },
    h('h3', {}, seat ? `My hand (${(mine.cards || []).length})` : 'Hands'),
    h('div', { class: 'cards' }, (mine.cards || []).map((c) => {
      const full = cards.get(c.id) || {};
      return cardEl({ id: c.id, name: c.name, icons: full.icons || c.icons || [], text: full.text || '' }, isTarget && isTarget(c.id), onCard, iconEl);
    })),
    h('p', { class: 'muted' }, others.map(([k, v]) => `${cap(k)} hand: ${v.count} card(s)`).join(' · ')),
    (view.played || []).length ? h('p', { class: 'small' }, `Played this turn: ${view.played.join(', ')}`) : null);
}

export function cpsCombat(log) {
  const lines = [];
  for (let i = log.length - 1; i >= 0 && lines.length < 30; i -= 1) {
    if (!/^(8\.[5-8]|2\.2)/.test(log[i].rule || '')) break;
    lines.unshift(log[i]);
  }
  if (!lines.length) return null;
  return h('section', { class: 'panel combat', id: 'combat' }, h('h3', {}, 'Combat'), h('ol', { class: 'log combat-log', tabindex: 0, 'aria-label': 'Combat log' }, lines.map(logLine)));
}

export function cpsStack(view, content, spaceId, { isTarget, onUnit } = {}) {
  const sp = (view.spaces || []).find((o) => o.id === spaceId);
  if (!sp) return h('section', { class: 'panel stack', id: 'stack' }, h('p', { class: 'muted' }, 'Click a space on the map to see its units.'));
  const defs = defsOf(content);
  return h('section', { class: 'panel stack', id: 'stack', 'data-oz': sp.id },
    h('h3', {}, sp.name || pretty(sp.id)), h('p', { class: 'muted' }, `Controlled by the ${sideName(sp.control)} player`),
    sp.units.length ? h('div', { class: 'counters' }, sp.units.map((u) => unitEl(u, defs.get(u.id), 58, isTarget, onUnit)))
      : h('p', { class: 'muted' }, 'No units.'));
}

export function cpsUnitNode(view) {
  const m = new Map();
  for (const o of view.spaces || []) for (const u of o.units) m.set(u.id, o.id);
  return m;
}
