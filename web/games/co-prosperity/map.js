// Co-Prosperity Sphere's map: the spaces, land and sea routes with their lengths, the Retreat
// Boxes (8.1.2) and what the view puts on them (control, stacks).
import { s, pretty, sideName } from '../../dom.js';
import { GEO } from '../../geo.js';
import { sideKey } from '../../counters.js';
import { baseMap, flag, label, lanePath, laneMid, nameOnly, nodeGroup, placeOf, sideColor, stacks, withPanZoom } from '../../map.js';

const NATION_FILL = { japan: '#f6e7bf', china: '#f3ee9e', us: '#d3e6c6', commonwealth: '#ead6b8' };

export const RETREAT_BOXES = [
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

