// The game map as SVG, drawn from the game's map.json (positions, routes) and the view
// (control, markers, units). The Pacific War: OZs and routes (Nav Points, restricted routes);
// Co-Prosperity Sphere: spaces, land and sea routes, the Retreat Boxes.
import { s, pretty } from './dom.js';
import { stackChip, sideKey } from './counters.js';

const SIDE_COLOR = { japanese: '#b3261e', allied: '#1f4e8c', '': '#777' };
const NATION_FILL = { japan: '#f6e7bf', china: '#f3ee9e', us: '#d3e6c6', commonwealth: '#ead6b8' };

function sideColor(side) {
  return side ? SIDE_COLOR[sideKey(side)] : SIDE_COLOR[''];
}

// ui: {targets: Map(nodeId -> [legal actions]), selected, combatAt, onNode(id, event)}
function nodeGroup(id, x, y, ui) {
  const targets = ui.targets.get(id) || [];
  const g = s('g', {
    class: `node${targets.length ? ' target' : ''}${ui.selected === id ? ' selected' : ''}`,
    'data-node': id, transform: `translate(${x},${y})`, tabindex: 0, role: 'button',
    'aria-label': pretty(id) + (targets.length ? `: ${targets.map((a) => a.id).join(', ')}` : ''),
  });
  g.addEventListener('click', (e) => ui.onNode(id, e));
  g.addEventListener('keydown', (e) => { if (e.key === 'Enter') ui.onNode(id, e); });
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

function sea(svg, vb, title, note) {
  const [x0, y0, w, hgt] = vb;
  svg.append(s('rect', { x: x0, y: y0, width: w, height: hgt, class: 'sea' }));
  const grid = s('g', { class: 'grid' });
  for (let x = 0; x <= 1000; x += 100) grid.append(s('line', { x1: x, y1: y0, x2: x, y2: y0 + hgt }));
  for (let y = 0; y <= 1000; y += 100) grid.append(s('line', { x1: x0, y1: y, x2: x0 + w, y2: y }));
  svg.append(grid);
  svg.append(s('text', { x: x0 + 12, y: y0 + hgt - 28, class: 'map-title' }, title),
             s('text', { x: x0 + 12, y: y0 + hgt - 12, class: 'map-note' }, note));
}

function stacks(g, units, sideOf, readyOf, y = 34) {
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
    const x = sides.length === 1 ? 0 : i === 0 ? -17 : 17;
    g.append(stackChip(x, y, k, bySide.get(k).n, bySide.get(k).spent));
  });
}

// A name goes to the right of the node when another node sits just above it.
function labelAside(o, all) {
  return all.some((p) => p !== o && Math.abs(p.x - o.x) < 90 && o.y - p.y > 0 && o.y - p.y < 70);
}

// The Pacific War.
export function drawPwMap(content, view, ui) {
  const map = content.map;
  const pos = new Map(map.ozs.map((o) => [o.id, o]));
  const vozs = new Map((view.ozs || []).map((o) => [o.id, o]));
  const vb = [-10, -10, 1040, 940];
  const svg = s('svg', { class: 'map', viewBox: vb.join(' '), 'data-game': 'pacific-war' });
  sea(svg, vb, 'The Pacific War', 'Positions reconstructed (data/pacific-war/map.json); routes and values from the rules');

  const routes = s('g', { class: 'routes' });
  for (const r of map.routes) {
    const a = pos.get(r.a);
    const b = pos.get(r.b);
    if (!a || !b) continue;
    const cls = `route${r.restricted ? ' restricted' : ''}${r.restricted && view.restricted_routes_open ? ' open' : ''}`;
    routes.append(s('line', { class: cls, x1: a.x, y1: a.y, x2: b.x, y2: b.y, 'data-route': `${r.a}|${r.b}` },
      s('title', {}, `${pretty(r.a)} – ${pretty(r.b)}${r.nav_point ? ', through a Nav Point' : ''}` +
        `${r.restricted ? ', restricted route (8.8)' : ''}`)));
    if (r.nav_point) {
      routes.append(s('circle', { class: 'nav-point', cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2, r: 6 },
                      s('title', {}, `Nav Point between ${pretty(r.a)} and ${pretty(r.b)}`)));
    }
  }
  svg.append(routes);

  const nodes = s('g', { class: 'nodes' });
  for (const o of map.ozs) {
    const v = vozs.get(o.id) || { units: [] };
    const g = nodeGroup(o.id, o.x, o.y, ui);
    const r = o.port ? 21 : 15;
    g.append(s('circle', { class: 'halo', r: r + 9 }));
    if (ui.combatAt === o.id) g.append(s('circle', { class: 'combat-ring', r: r + 6 }));
    g.append(s('circle', { class: 'oz', r, fill: o.port ? '#fbf7ea' : '#e9f2f9', stroke: sideColor(v.control),
                           'stroke-width': 4 }));
    if (o.major_port) g.append(s('circle', { r: r - 4, fill: 'none', stroke: sideColor(v.control), 'stroke-width': 1.2 }));
    if (v.contested) g.append(s('circle', { r: r + 3, class: 'contested' }));
    if (o.port) {
      g.append(s('text', { y: 6, 'text-anchor': 'middle', class: 'vp' }, o.vp ? o.vp : '⚓'));
    }
    const side = labelAside(o, map.ozs);
    g.append(s('text', { x: side ? r + 5 : 0, y: side ? 5 : -r - 7, 'text-anchor': side ? 'start' : 'middle', class: 'oz-name' },
               v.name || o.name));
    if (v.port_owner) {
      const f = flag(v.port_owner);
      f.setAttribute('transform', `translate(${r + 4},${-r + 2})`);
      f.append(s('title', {}, `Port owner: ${v.port_owner}`));
      g.append(f);
    }
    if (v.base_marker) {
      const bm = s('g', { transform: `translate(${-r - 5},${-r + 3})`, class: 'base-marker' },
        s('circle', { r: 7, fill: sideColor(v.base_marker), stroke: '#fff' }),
        s('text', { y: 3.5, 'text-anchor': 'middle', fill: '#fff', 'font-size': 9, 'font-weight': 700 }, 'B'),
        s('title', {}, `${v.base_marker} Base marker`));
      g.append(bm);
    }
    if (view.fleet_train === o.id) {
      g.append(s('g', { transform: `translate(${r + 6},${r - 2})` },
        s('rect', { x: -9, y: -7, width: 18, height: 13, rx: 2, fill: '#1f4e8c' }),
        s('text', { y: 3, 'text-anchor': 'middle', fill: '#fff', 'font-size': 8, 'font-weight': 700 }, 'FT'),
        s('title', {}, 'USN Fleet Train (8.7)')));
    }
    stacks(g, v.units || [], (u) => u.side, (u) => u.ready !== false, r + 13);
    g.append(s('title', {}, `${o.name}${o.port ? ` — Port, ${o.vp} VP` : ''}${v.control ? `, controlled by ${v.control}` : ''}` +
      `${(v.units || []).length ? `, ${v.units.length} unit(s)` : ''}`));
    nodes.append(g);
  }
  svg.append(nodes);
  return svg;
}

// Co-Prosperity Sphere.
const RETREAT_BOXES = [
  { id: 'Japanese-Retreat-Box', name: 'Japanese Retreat Box', x: 570, y: 62, side: 'japanese' },
  { id: 'Allied-Retreat-Box', name: 'Allied Retreat Box', x: 880, y: 860, side: 'allied' },
];

export function drawCpsMap(content, view, ui) {
  const map = content.map;
  const defs = new Map(((content.units || {}).units || []).map((u) => [u.id, u]));
  const nationOf = (id) => (defs.get(id) || {}).nation || (id.startsWith('J-') ? 'japan' : 'us');
  const sideOfUnit = (u) => (nationOf(u.id) === 'japan' ? 'japanese' : 'allied');
  const pos = new Map(map.spaces.map((o) => [o.id, o]));
  const vb = [-20, 15, 1040, 905];
  const svg = s('svg', { class: 'map', viewBox: vb.join(' '), 'data-game': 'co-prosperity' });
  sea(svg, vb, 'Greater East Asia Co-Prosperity Sphere', 'Positions reconstructed (data/co-prosperity/map.json)');
  const vsp = new Map((view.spaces || []).map((o) => [o.id, o]));
  const routes = s('g', { class: 'routes' });
  for (const r of map.routes) {
    const a = pos.get(r.a);
    const b = pos.get(r.b);
    if (!a || !b || a.x === undefined || b.x === undefined) continue;
    routes.append(s('line', { class: `route ${r.kind}`, x1: a.x, y1: a.y, x2: b.x, y2: b.y },
      s('title', {}, `${pretty(r.a)} – ${pretty(r.b)}: ${r.kind} route, distance ${r.length}`)));
    if (r.length > 1) {
      routes.append(s('g', { transform: `translate(${(a.x + b.x) / 2},${(a.y + b.y) / 2})` },
        s('circle', { r: 8, class: 'route-length' }),
        s('text', { y: 3.5, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700 }, r.length)));
    }
  }
  svg.append(routes);
  const nodes = s('g', { class: 'nodes' });
  for (const o of map.spaces) {
    if (o.x === undefined) continue;
    const v = vsp.get(o.id) || { units: [] };
    const g = nodeGroup(o.id, o.x, o.y, ui);
    const r = 20;
    g.append(s('circle', { class: 'halo', r: r + 9 }));
    g.append(s('circle', { class: 'oz', r, fill: NATION_FILL[o.nation] || '#eee', stroke: sideColor(v.control), 'stroke-width': 4 }));
    if (o.home) g.append(s('circle', { r: r - 4, fill: 'none', stroke: '#333', 'stroke-width': 1 }));
    if (o.port) g.append(s('text', { y: 5, 'text-anchor': 'middle', 'font-size': 13 }, '⚓'));
    for (let i = 0; i < (o.production || 0); i += 1) {
      g.append(s('rect', { x: -r - 13, y: -8 + i * 10, width: 8, height: 8, fill: '#fff', stroke: '#333' }));
    }
    if (o.oil) g.append(s('text', { x: r + 2, y: 14, 'font-size': 10 }, 'oil'));
    g.append(s('text', { y: -r - 7, 'text-anchor': 'middle', class: 'oz-name' }, o.name || pretty(o.id)));
    // A control marker only where the space changed hands (its nation's side no longer holds it).
    if (v.control && sideKey(v.control) !== (o.nation === 'japan' ? 'japanese' : 'allied')) {
      const f = flag(v.control);
      f.setAttribute('transform', `translate(${r + 4},${-r + 2})`);
      g.append(f);
    }
    stacks(g, v.units || [], sideOfUnit, () => true, r + 13);
    g.append(s('title', {}, `${o.name} (${o.nation}${o.home ? ', home' : ''}${o.port ? ', port' : ''}` +
      `${o.production ? `, ${o.production} production` : ''})${v.control ? `, controlled by ${v.control}` : ''}`));
    nodes.append(g);
  }
  for (const box of RETREAT_BOXES) {
    const v = vsp.get(box.id) || { units: [] };
    const g = nodeGroup(box.id, box.x, box.y, ui);
    g.append(s('rect', { class: 'halo', x: -66, y: -26, width: 132, height: 52, rx: 6 }));
    g.append(s('rect', { class: 'oz box', x: -60, y: -20, width: 120, height: 40, rx: 4, stroke: sideColor(box.side) }));
    g.append(s('text', { y: -5, 'text-anchor': 'middle', class: 'oz-name small' }, box.name));
    stacks(g, v.units || [], sideOfUnit, () => true, 10);
    nodes.append(g);
  }
  svg.append(nodes);
  return svg;
}

// The ids of the nodes a game's map draws (to match action ids against).
export function nodeIds(game, content) {
  if (game === 'co-prosperity') return [...content.map.spaces.map((o) => o.id), ...RETREAT_BOXES.map((b) => b.id)];
  return content.map.ozs.map((o) => o.id);
}
