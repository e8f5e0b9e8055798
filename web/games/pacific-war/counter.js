// The Pacific War's counters, drawn as small SVGs from the unit data of the view (units.json
// gives each unit's nationality and type).
import { s, countOf, sideName } from '../../dom.js';
import { SIDE_STYLE, sideKey, nameText } from '../../counters.js';

// Nationality colours of The Pacific War counters (background, ink).
const NATION_STYLE = {
  japan: { bg: '#efdc9c', fg: '#6b1209', edge: '#6b1209' },
  us: { bg: '#b8cbe0', fg: '#0d2547', edge: '#0d2547' },
  britain: { bg: '#d9c6a3', fg: '#3d2a0e', edge: '#3d2a0e' },
  australia: { bg: '#c5d6ad', fg: '#24400f', edge: '#24400f' },
  netherlands: { bg: '#f2c38c', fg: '#5a2c00', edge: '#5a2c00' },
};

// A side view silhouette by ship type (carrier, carrier-battleship, battleship, cruiser,
// torpedo cruiser) or an aircraft for land-based air.
function glyph(kind, color) {
  const g = s('g', { fill: color, stroke: 'none', class: `silhouette ${kind}` });
  const hull = (x0, x1, y, depth) => s('path', { d: `M${x0} ${y} H${x1} L${x1 - 4} ${y + depth} H${x0 + 3} Z` });
  if (kind === 'lba') {
    g.append(s('path', { d: 'M32 18 l2.5 8 l13 4 v3 l-13 -2 l-1 8 l4 3 v2 l-5.5 -1 l-5.5 1 v-2 l4 -3 l-1 -8 l-13 2 v-3 l13 -4 z' }));
  } else if (kind === 'carrier') {
    g.append(hull(9, 55, 33, 7), s('rect', { x: 7, y: 30, width: 50, height: 3 }), s('rect', { x: 41, y: 24, width: 5, height: 6 }),
             s('rect', { x: 43, y: 21, width: 1.5, height: 3 }));
  } else if (kind === 'carrierbattleship') {
    g.append(hull(9, 55, 33, 7), s('rect', { x: 9, y: 30, width: 20, height: 3 }), s('rect', { x: 30, y: 24, width: 7, height: 9 }),
             s('rect', { x: 41, y: 29, width: 7, height: 4 }), s('rect', { x: 47, y: 30, width: 7, height: 1.5 }));
  } else if (kind === 'battleship') {
    g.append(hull(8, 56, 33, 7), s('rect', { x: 27, y: 24, width: 9, height: 9 }), s('rect', { x: 30, y: 18, width: 3, height: 6 }),
             s('rect', { x: 15, y: 29, width: 7, height: 4 }), s('rect', { x: 40, y: 29, width: 7, height: 4 }),
             s('rect', { x: 10, y: 30, width: 6, height: 1.5 }), s('rect', { x: 46, y: 30, width: 7, height: 1.5 }));
  } else if (kind === 'torpedocruiser') {
    g.append(hull(11, 53, 34, 6), s('rect', { x: 28, y: 27, width: 6, height: 7 }), s('rect', { x: 18, y: 31, width: 6, height: 3 }),
             s('rect', { x: 38, y: 31.5, width: 9, height: 1.5 }), s('rect', { x: 38, y: 29.5, width: 9, height: 1.5 }));
  } else {
    g.append(hull(11, 53, 34, 6), s('rect', { x: 28, y: 26, width: 7, height: 8 }), s('rect', { x: 30.5, y: 21, width: 2, height: 5 }),
             s('rect', { x: 18, y: 31, width: 6, height: 3 }), s('rect', { x: 39, y: 31, width: 6, height: 3 }));
  }
  return g;
}

function pwKind(u) {
  if (u.lba) return 'lba';
  if (u.type) return u.type.toLowerCase().replace('landbasedair', 'lba');
  if (u.airstrike > 0) return 'carrier';
  if (u.capital && u.gunnery >= 3) return 'battleship';
  return 'cruiser';
}

function styleOf(u) {
  return NATION_STYLE[String(u.nation || '').toLowerCase()] || SIDE_STYLE[sideKey(u.side)];
}

// The Pacific War counter: name, silhouette, Airstrike-Gunnery-Defense along the bottom (an
// armored ship's Defense underlined), Speed in a circle. An Ops Complete unit shows the flipped
// side: pale, the silhouette replaced by an "OPS COMPLETE" band. Pending hits: a red badge.
export function pwCounter(u, { size = 60, clickable = false } = {}) {
  const st = styleOf(u);
  const ready = u.ready !== false;
  const name = u.lba ? u.name.replace(/^(Japanese|Allied) /, '') : u.name;
  const svg = s('svg', {
    class: `counter${clickable ? ' clickable' : ''}${u.selected ? ' selected' : ''}${ready ? '' : ' ops-complete'}`,
    viewBox: '0 0 64 64', width: size, height: size, 'data-unit': u.id,
    role: clickable ? 'button' : 'img',
    'aria-label': `${u.name}${u.type ? `, ${u.type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}` : ''}, ` +
      `${u.airstrike}-${u.gunnery}-${u.defense}, speed ${u.speed}${ready ? '' : ', Ops Complete'}` +
      `${u.pending_hits ? `, ${countOf(u.pending_hits, 'hit')} pending` : ''}${u.selected ? ', picked' : ''}${clickable ? ', can be chosen' : ''}`,
  });
  svg.append(s('title', {}, `${u.name}${u.nation ? ` (${u.nation})` : ''}: Airstrike ${u.airstrike}, Gunnery ${u.gunnery}, Defense ${u.defense}` +
    `${u.armored ? ' (armored)' : ''}, Speed ${u.speed}${u.lba ? ', land-based air' : ''}` +
    `${ready ? ', Ready' : ', Ops Complete'}${u.pending_hits ? `, ${countOf(u.pending_hits, 'hit')} pending` : ''}` +
    `${u.repairing ? ', repairing' : ''}`));
  svg.append(s('rect', { x: 1.5, y: 1.5, width: 61, height: 61, rx: 4, fill: ready ? st.bg : '#d6d3ca',
                         stroke: u.selected ? '#1b7a1b' : st.edge, 'stroke-width': u.selected ? 4 : 2 }));
  const ink = ready ? st.fg : '#4a463e';
  svg.append(nameText(name, ink));
  if (ready) {
    svg.append(glyph(pwKind(u), st.fg));
  } else {
    svg.append(s('rect', { x: 4, y: 19, width: 56, height: 20, fill: ready ? st.bg : st.bg, stroke: st.edge, 'stroke-width': 1 }),
               s('text', { x: 32, y: 27.5, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 800, fill: st.fg }, 'OPS'),
               s('text', { x: 32, y: 36, 'text-anchor': 'middle', 'font-size': 7.5, 'font-weight': 800, fill: st.fg }, 'COMPLETE'));
  }
  // Airstrike-Gunnery-Defense, Speed in a circle (LBA: no speed).
  svg.append(s('text', { x: u.lba ? 32 : 5, y: 57, 'text-anchor': u.lba ? 'middle' : 'start', 'font-size': 12, 'font-weight': 700, fill: ink },
    `${u.airstrike}-${u.gunnery}-`, s('tspan', { 'text-decoration': u.armored ? 'underline' : null }, u.defense)));
  if (!u.lba) {
    svg.append(s('circle', { cx: 54, cy: 52.5, r: 7, fill: 'none', stroke: ink, 'stroke-width': 1.2 }),
               s('text', { x: 54, y: 56.5, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: ink }, u.speed));
  }
  if (u.selected) {  // picked for the group being formed: a tick in the top right corner
    svg.append(s('g', { class: 'picked' }, s('circle', { cx: 56, cy: 20, r: 6, fill: '#1b7a1b', stroke: '#fff' }),
      s('path', { d: 'M53 20 l2.2 2.4 l4 -4.6', stroke: '#fff', 'stroke-width': 1.8, fill: 'none' })));
  }
  if (u.pending_hits) {
    svg.append(s('g', { class: 'hit-badge' }, s('circle', { cx: 9, cy: 21, r: 7, fill: '#c00', stroke: '#fff' }),
      s('text', { x: 9, y: 25, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: '#fff' }, u.pending_hits)));
  }
  if (u.repairing) {
    svg.append(s('text', { x: 57, y: 44, 'text-anchor': 'middle', 'font-size': 9, 'font-weight': 800, fill: '#7a3e00' }, 'R'));
  }
  return svg;
}
