// The game maps as SVG over a map of the Pacific: land and coastlines from Natural Earth and
// every OZ or space at the real place that stands for it (web/geo.js, generated once by
// tools/map/generate.mjs from data/geo/*.json), routes drawn as sea lanes (land routes brown),
// the view on top (control, markers, units). Falls back to map.json x/y for a node geo.js lacks.
import { s, pretty, sideName } from './dom.js';
import { stackChip, sideKey } from './counters.js';
import { GEO } from './geo.js';
import { attachPanZoom } from './panzoom.js';

const SIDE_COLOR = { japanese: '#b3261e', allied: '#1f4e8c', '': '#777' };
const NATION_FILL = { japan: '#f6e7bf', china: '#f3ee9e', us: '#d3e6c6', commonwealth: '#ead6b8' };

function sideColor(side) {
  return side ? SIDE_COLOR[sideKey(side)] : SIDE_COLOR[''];
}

// ui: {targets: Map(nodeId -> [legal actions]), selected, combatAt, onNode(id, event)}
function nodeGroup(id, name, x, y, ui, describe) {
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

function flag(side) {
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
function baseMap(geo, title, note) {
  const svg = s('svg', { class: 'map', viewBox: `0 0 ${geo.width} ${geo.height}`, role: 'group' });
  svg.append(s('rect', { x: 0, y: 0, width: geo.width, height: geo.height, class: 'sea' }),
             s('path', { d: geo.graticule, class: 'graticule' }),
             s('path', { d: geo.land, class: 'land' }),
             s('text', { x: 12, y: geo.height - 28, class: 'map-title' }, title),
             s('text', { x: 12, y: geo.height - 12, class: 'map-note' }, note));
  return svg;
}

function stacks(g, units, sideOf, readyOf, y) {
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
function label(text, where, r, hasChips, room) {
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

function placeOf(geo, node) {
  const p = geo.places[node.id];
  return p ? { ...p } : { x: node.x, y: node.y, label: 'n' };
}

// A node's drawing is hidden from assistive technology except its visible name, so the name a
// screen reader hears (aria-label: the name first, then what the drawing shows) contains all the
// text it reads; the numbers, markers and tooltips are in that label already.
function nameOnly(g) {
  for (const c of g.children) if (!c.classList.contains('oz-name')) c.setAttribute('aria-hidden', 'true');
  return g;
}

// The Pacific War.
export function drawPwMap(content, view, ui) {
  const geo = GEO['pacific-war'];
  const map = content.map;
  const pos = new Map(map.ozs.map((o) => [o.id, placeOf(geo, o)]));
  const vozs = new Map((view.ozs || []).map((o) => [o.id, o]));
  const svg = baseMap(geo, 'The Pacific War',
    'Land: Natural Earth. Each OZ is drawn at the real place it stands for; routes and values from the rules');
  svg.dataset.game = 'pacific-war';
  svg.setAttribute('aria-label', 'Map of The Pacific War: Operation Zones and routes');

  const routes = s('g', { class: 'routes', 'aria-hidden': 'true' });
  for (const r of map.routes) {
    const a = pos.get(r.a);
    const b = pos.get(r.b);
    if (!a || !b) continue;
    const cls = `route lane${r.restricted ? ' restricted' : ''}${r.restricted && view.restricted_routes_open ? ' open' : ''}`;
    routes.append(s('path', { class: cls, d: lanePath(a, b), 'data-route': `${r.a}|${r.b}` },
      s('title', {}, `${pretty(r.a)} – ${pretty(r.b)}${r.nav_point ? ', through a Nav Point' : ''}` +
        `${r.restricted ? ', restricted route (8.8)' : ''}`)));
    if (r.nav_point) {
      const m = laneMid(a, b);
      routes.append(s('circle', { class: 'nav-point', cx: m.x, cy: m.y, r: 5 },
                      s('title', {}, `Nav Point between ${pretty(r.a)} and ${pretty(r.b)}`)));
    }
  }
  svg.append(routes);

  const nodes = s('g', { class: 'nodes' });
  for (const o of map.ozs) {
    const v = vozs.get(o.id) || { units: [] };
    const p = pos.get(o.id);
    const units = v.units || [];
    const describe = [o.port ? `Port, ${o.vp} VP` : 'Operation Zone', v.control ? `controlled by the ${sideName(v.control)} player` : null,
      units.length ? `${units.length} unit(s)` : null, ui.combatAt === o.id ? 'combat here' : null].filter(Boolean).join(', ');
    const g = nodeGroup(o.id, v.name || o.name, p.x, p.y, ui, describe);
    const r = o.port ? 15 : 11;
    g.append(s('circle', { class: 'halo', r: r + 12 }));
    if (ui.combatAt === o.id) g.append(s('circle', { class: 'combat-ring', r: r + 6 }));
    g.append(s('circle', { class: 'oz', r, fill: o.port ? '#fbf7ea' : '#e9f2f9', stroke: sideColor(v.control), 'stroke-width': 3.5 }));
    if (o.major_port) g.append(s('circle', { r: r - 4, fill: 'none', stroke: sideColor(v.control), 'stroke-width': 1.2 }));
    if (v.contested) g.append(s('circle', { r: r + 3, class: 'contested' }));
    if (o.port) g.append(s('text', { y: 5, 'text-anchor': 'middle', class: 'vp' }, o.vp ? o.vp : '⚓'));
    if (v.port_owner) {
      const f = flag(v.port_owner);
      f.setAttribute('transform', `translate(${r + 3},${-r + 1}) scale(0.85)`);
      f.append(s('title', {}, `Port owner: ${v.port_owner}`));
      g.append(f);
    }
    if (v.base_marker) {
      g.append(s('g', { transform: `translate(${-r - 4},${-r + 2})`, class: 'base-marker' },
        s('circle', { r: 6.5, fill: sideColor(v.base_marker), stroke: '#fff' }),
        s('text', { y: 3.5, 'text-anchor': 'middle', fill: '#fff', 'font-size': 9, 'font-weight': 700 }, 'B'),
        s('title', {}, `${v.base_marker} Base marker`)));
    }
    if (view.fleet_train === o.id) {
      g.append(s('g', { transform: `translate(${r + 6},${r - 2})` },
        s('rect', { x: -9, y: -7, width: 18, height: 13, rx: 2, fill: '#1f4e8c' }),
        s('text', { y: 3, 'text-anchor': 'middle', fill: '#fff', 'font-size': 8, 'font-weight': 700 }, 'FT'),
        s('title', {}, 'USN Fleet Train (8.7)')));
    }
    const chips = stacks(g, units, (u) => u.side, (u) => u.ready !== false, r + 12);
    g.append(label(v.name || o.name, p.label, r, chips, { left: p.x, right: geo.width - p.x }));
    g.append(s('title', {}, `${o.name}${p.place ? ` (${p.place})` : ''}${o.port ? ` — Port, ${o.vp} VP` : ''}` +
      `${v.control ? `, controlled by the ${sideName(v.control)} player` : ''}${units.length ? `, ${units.length} unit(s)` : ''}`));
    nodes.append(nameOnly(g));
  }
  svg.append(nodes);
  return withPanZoom(svg, 'pacific-war');
}

// A sea lane: a gentle curve between two places (straight for short hops).
function laneMid(a, b) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  const bend = len > 160 ? len * 0.08 : 0;
  return { x: (a.x + b.x) / 2 - (dy / len) * bend * 0.5, y: (a.y + b.y) / 2 + (dx / len) * bend * 0.5 };
}
function lanePath(a, b) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  const bend = len > 160 ? len * 0.08 : 0;
  const cx = (a.x + b.x) / 2 - (dy / len) * bend;
  const cy = (a.y + b.y) / 2 + (dx / len) * bend;
  return `M${a.x} ${a.y}Q${cx.toFixed(1)} ${cy.toFixed(1)} ${b.x} ${b.y}`;
}

// Co-Prosperity Sphere.
const RETREAT_BOXES = [
  { id: 'Japanese-Retreat-Box', name: 'Japanese Retreat Box', side: 'japanese' },
  { id: 'Allied-Retreat-Box', name: 'Allied Retreat Box', side: 'allied' },
];

export function drawCpsMap(content, view, ui) {
  const geo = GEO['co-prosperity'];
  const map = content.map;
  const defs = new Map(((content.units || {}).units || []).map((u) => [u.id, u]));
  const nationOf = (id) => (defs.get(id) || {}).nation || (id.startsWith('J-') ? 'japan' : 'us');
  const sideOfUnit = (u) => (nationOf(u.id) === 'japan' ? 'japanese' : 'allied');
  const pos = new Map(map.spaces.map((o) => [o.id, placeOf(geo, o)]));
  const svg = baseMap(geo, 'Greater East Asia Co-Prosperity Sphere',
    'Land: Natural Earth. Each space is drawn at the real place it stands for; routes from the rules');
  svg.dataset.game = 'co-prosperity';
  svg.setAttribute('aria-label', 'Map of Co-Prosperity Sphere: spaces, land and sea routes');
  const vsp = new Map((view.spaces || []).map((o) => [o.id, o]));
  const routes = s('g', { class: 'routes', 'aria-hidden': 'true' });
  for (const r of map.routes) {
    const a = pos.get(r.a);
    const b = pos.get(r.b);
    if (!a || !b || a.x === undefined || b.x === undefined) continue;
    const land = r.kind === 'land';
    routes.append(s('path', { class: `route ${r.kind}`, d: land ? `M${a.x} ${a.y}L${b.x} ${b.y}` : lanePath(a, b), 'data-route': `${r.a}|${r.b}` },
      s('title', {}, `${pretty(r.a)} – ${pretty(r.b)}: ${r.kind} route, distance ${r.length}`)));
    if (r.length > 1) {
      const m = land ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : laneMid(a, b);
      routes.append(s('g', { transform: `translate(${m.x},${m.y})` },
        s('circle', { r: 8, class: 'route-length' }),
        s('text', { y: 3.5, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700 }, r.length)));
    }
  }
  // Retreat Boxes are joined by sea to the home ports of their side (8.1.2).
  const links = map.retreat_box_links || {};
  for (const [side, homes] of Object.entries(links)) {
    if (!Array.isArray(homes)) continue;
    const box = pos.get(side === 'japan' ? 'Japanese-Retreat-Box' : 'Allied-Retreat-Box') ||
      geo.places[side === 'japan' ? 'Japanese-Retreat-Box' : 'Allied-Retreat-Box'];
    for (const home of homes) {
      const a = pos.get(home);
      if (box && a) routes.append(s('line', { class: 'route retreat-link', x1: box.x, y1: box.y, x2: a.x, y2: a.y }));
    }
  }
  svg.append(routes);
  const nodes = s('g', { class: 'nodes' });
  for (const o of map.spaces) {
    const p = pos.get(o.id);
    if (p.x === undefined) continue;
    const v = vsp.get(o.id) || { units: [] };
    const name = o.name || pretty(o.id);
    const units = v.units || [];
    const describe = [o.home ? 'home space' : null, o.port ? 'port' : null, v.control ? `controlled by the ${sideName(v.control)} player` : null,
      units.length ? `${units.length} unit(s)` : null].filter(Boolean).join(', ');
    const g = nodeGroup(o.id, name, p.x, p.y, ui, describe);
    const r = 14;
    g.append(s('circle', { class: 'halo', r: r + 12 }));
    g.append(s('circle', { class: 'oz', r, fill: NATION_FILL[o.nation] || '#eee', stroke: sideColor(v.control), 'stroke-width': 3.5 }));
    if (o.home) g.append(s('circle', { r: r - 4, fill: 'none', stroke: '#333', 'stroke-width': 1 }));
    if (o.port) g.append(s('text', { y: 4.5, 'text-anchor': 'middle', 'font-size': 12 }, '⚓'));
    for (let i = 0; i < (o.production || 0); i += 1) {
      g.append(s('rect', { x: -r - 10, y: -8 + i * 9, width: 7, height: 7, fill: '#fff', stroke: '#333' }));
    }
    if (o.oil) g.append(s('text', { x: r + 1, y: 13, 'font-size': 9, class: 'oil' }, 'oil'));
    if (v.control && sideKey(v.control) !== (o.nation === 'japan' ? 'japanese' : 'allied')) {
      const f = flag(v.control);
      f.setAttribute('transform', `translate(${r + 3},${-r + 1}) scale(0.85)`);
      g.append(f);
    }
    const chips = stacks(g, units, sideOfUnit, () => true, r + 12);
    g.append(label(name, p.label, r, chips, { left: p.x, right: geo.width - p.x }));
    g.append(s('title', {}, `${name}${p.place ? ` (${p.place})` : ''}: ${sideName(o.nation)}${o.home ? ', home' : ''}${o.port ? ', port' : ''}` +
      `${o.production ? `, ${o.production} production` : ''}${v.control ? `, controlled by the ${sideName(v.control)} player` : ''}`));
    nodes.append(nameOnly(g));
  }
  for (const box of RETREAT_BOXES) {
    const p = geo.places[box.id];
    const v = vsp.get(box.id) || { units: [] };
    const g = nodeGroup(box.id, box.name, p.x, p.y, ui, `${(v.units || []).length} unit(s)`);
    g.append(s('rect', { class: 'halo', x: -66, y: -26, width: 132, height: 52, rx: 6 }));
    g.append(s('rect', { class: 'oz box', x: -60, y: -20, width: 120, height: 40, rx: 4, stroke: sideColor(box.side) }));
    g.append(s('text', { y: -5, 'text-anchor': 'middle', class: 'oz-name small' }, box.name));
    stacks(g, v.units || [], sideOfUnit, () => true, 10);
    nodes.append(nameOnly(g));
  }
  svg.append(nodes);
  return withPanZoom(svg, 'co-prosperity');
}

function withPanZoom(svg, key) {
  attachPanZoom(svg, key);
  return svg;
}

// The map position of a node (for movement and combat animations).
export function nodePoint(game, content, id) {
  const geo = GEO[game];
  if (geo && geo.places[id]) return geo.places[id];
  const list = game === 'co-prosperity' ? content.map.spaces : content.map.ozs;
  const n = list.find((o) => o.id === id);
  return n ? { x: n.x, y: n.y } : null;
}

// The ids of the nodes a game's map draws (to match action ids against).
export function nodeIds(game, content) {
  if (game === 'co-prosperity') return [...content.map.spaces.map((o) => o.id), ...RETREAT_BOXES.map((b) => b.id)];
  return content.map.ozs.map((o) => o.id);
}
