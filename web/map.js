// What every game's map is drawn with: SVG over a map of the Pacific (land and coastlines from
// Natural Earth, web/geo.js, generated once by tools/map/generate.mjs from data/<game>/geo.json),
// each area a keyboard-reachable node at the real place that stands for it, routes drawn as sea
// lanes, stacks as chips. Each game draws its own map with these (web/games/<game>/map.js);
// a node geo.js lacks falls back to map.json's x/y.
import { s } from './dom.js';
import { stackChip, sideKey } from './counters.js';
import { attachPanZoom } from './panzoom.js';

const SIDE_COLOR = { japanese: '#b3261e', allied: '#1f4e8c', '': '#777' };

export function sideColor(side) {
  return side ? SIDE_COLOR[sideKey(side)] : SIDE_COLOR[''];
}

// ui: {targets: Map(nodeId -> [legal actions]), selected, combatAt, onNode(id, event)}
export function nodeGroup(id, name, x, y, ui, describe) {
  const targets = ui.targets.get(id) || [];
  const g = s('g', {
    class: `node${targets.length ? ' target' : ''}${ui.selected === id ? ' selected' : ''}`,
    'data-node': id, transform: `translate(${x},${y})`, tabindex: 0, role: 'button',
    'aria-label': `${name}${describe ? `, ${describe}` : ''}${targets.length ? `; ${targets.length} action(s) here` : ''}`,
  });
  g.addEventListener('click', (e) => ui.onNode(id, e));
  g.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const r = g.getBoundingClientRect();
      ui.onNode(id, { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 });
    }
  });
  return g;
}

export function flag(side) {
  // A control marker: Japanese rising sun, Allied white star on blue.
  const g = s('g', { class: 'control-marker' });
  if (sideKey(side) === 'japanese') {
    g.append(s('rect', { x: -8, y: -6, width: 16, height: 12, fill: '#fff', stroke: '#8c1c13' }),
             s('circle', { r: 3.6, fill: '#c8102e' }));
  } else {
    g.append(s('rect', { x: -8, y: -6, width: 16, height: 12, fill: '#1f4e8c', stroke: '#0d2547' }),
             s('path', { d: 'M0 -4 L1.2 -1.2 L4 -1.2 L1.8 0.6 L2.6 3.6 L0 1.8 L-2.6 3.6 L-1.8 0.6 L-4 -1.2 L-1.2 -1.2 Z', fill: '#fff' }));
  }
  return g;
}

// Sea, graticule, land and the title block.
export function baseMap(geo, title, note) {
  const svg = s('svg', { class: 'map', viewBox: `0 0 ${geo.width} ${geo.height}`, role: 'group' });
  svg.append(s('rect', { x: 0, y: 0, width: geo.width, height: geo.height, class: 'sea' }),
             s('path', { d: geo.graticule, class: 'graticule' }),
             s('path', { d: geo.land, class: 'land' }),
             s('text', { x: 12, y: geo.height - 28, class: 'map-title' }, title),
             s('text', { x: 12, y: geo.height - 12, class: 'map-note' }, note));
  return svg;
}

export function stacks(g, units, sideOf, readyOf, y) {
  const bySide = new Map();
  for (const u of units) {
    const k = sideKey(sideOf(u));
    if (!bySide.has(k)) bySide.set(k, { n: 0, spent: 0 });
    const b = bySide.get(k);
    b.n += 1;
    if (!readyOf(u)) b.spent += 1;
  }
  const sides = [...bySide.keys()].sort();
  sides.forEach((k, i) => {
    const x = sides.length === 1 ? 0 : i === 0 ? -16 : 16;
    g.append(stackChip(x, y, k, bySide.get(k).n, bySide.get(k).spent));
  });
  return sides.length > 0;
}

// The name beside its node, on the side the geo data asks for (n, s, e, w); a name above or below
// a node near the map's left or right edge is moved along so it stays on the map (room: the map
// units from the node to each edge; a character of the name is about 9 units wide).
export function label(text, where, r, hasChips, room) {
  const at = {
    n: { x: 0, y: -r - 6, anchor: 'middle' },
    s: { x: 0, y: r + (hasChips ? 38 : 15), anchor: 'middle' },
    e: { x: r + 5, y: 5, anchor: 'start' },
    w: { x: -r - 5, y: 5, anchor: 'end' },
  }[where || 'n'];
  const half = String(text).length * 4.5;
  if (room && at.anchor === 'middle' && half > room.right - 4) Object.assign(at, { x: room.right - 4, anchor: 'end' });
  else if (room && at.anchor === 'middle' && half > room.left - 4) Object.assign(at, { x: 4 - room.left, anchor: 'start' });
  return s('text', { x: at.x, y: at.y, 'text-anchor': at.anchor, class: 'oz-name' }, text);
}

export function placeOf(geo, node) {
  const p = geo.places[node.id];
  return p ? { ...p } : { x: node.x, y: node.y, label: 'n' };
}

// A node's drawing is hidden from assistive technology except its visible name, so the name a
// screen reader hears (aria-label: the name first, then what the drawing shows) contains all the
// text it reads; the numbers, markers and tooltips are in that label already.
export function nameOnly(g) {
  for (const c of g.children) if (!c.classList.contains('oz-name')) c.setAttribute('aria-hidden', 'true');
  return g;
}

// A sea lane: a gentle curve between two places (straight for short hops).
export function laneMid(a, b) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  const bend = len > 160 ? len * 0.08 : 0;
  return { x: (a.x + b.x) / 2 - (dy / len) * bend * 0.5, y: (a.y + b.y) / 2 + (dx / len) * bend * 0.5 };
}
export function lanePath(a, b) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  const bend = len > 160 ? len * 0.08 : 0;
  const cx = (a.x + b.x) / 2 - (dy / len) * bend;
  const cy = (a.y + b.y) / 2 + (dx / len) * bend;
  return `M${a.x} ${a.y}Q${cx.toFixed(1)} ${cy.toFixed(1)} ${b.x} ${b.y}`;
}

export function withPanZoom(svg, key) {
  attachPanZoom(svg, key);
  return svg;
}

// The map position of a node (for movement and combat animations): where geo.js puts it, else
// map.json's x/y. `game` is the game's web module (web/games/index.js).
export function nodePoint(game, content, id) {
  if (game.geo && game.geo.places[id]) return game.geo.places[id];
  const n = game.areas(content).find((o) => o.id === id);
  return n ? { x: n.x, y: n.y } : null;
}
