// The Pacific War's map: the OZs, their routes (Nav Points, restricted routes, 8.8) and what the
// view puts on them (control, Port VP and owner, Base markers, the Fleet Train, stacks).
import { s, pretty, sideName } from '../../dom.js';
import { GEO } from '../../geo.js';
import { baseMap, flag, label, lanePath, laneMid, nameOnly, nodeGroup, placeOf, sideColor, stacks, withPanZoom } from '../../map.js';

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

