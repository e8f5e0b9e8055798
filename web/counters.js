// Counters drawn as small SVGs from the unit data of the view (and units.json for CPS).
import { s } from './dom.js';

const SIDE_STYLE = {
  japanese: { bg: '#f1e3b8', fg: '#8c1c13', edge: '#8c1c13' },
  allied: { bg: '#c9d9ee', fg: '#12345e', edge: '#12345e' },
};

export function sideKey(side) {
  const k = String(side || '').toLowerCase();
  return k.startsWith('jap') ? 'japanese' : 'allied';
}

// The name across the top of a counter, squeezed to fit when long.
function nameText(name, color) {
  return s('text', { x: 32, y: 13, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: color,
                     textLength: name.length > 9 ? 58 : null, lengthAdjust: 'spacingAndGlyphs' }, name);
}

function shortName(name, max) {
  return name.length <= max ? name : `${name.slice(0, max - 1)}.`;
}

// A top view silhouette: carrier (flat deck), battleship or cruiser (turrets), land-based air.
function glyph(kind, color) {
  const g = s('g', { fill: color, stroke: 'none' });
  if (kind === 'lba') {
    g.append(s('path', { d: 'M32 20 l3 9 l12 4 v3 l-12 -2 l-1 8 l4 3 v2 l-6 -1 l-6 1 v-2 l4 -3 l-1 -8 l-12 2 v-3 l12 -4 z' }));
  } else if (kind === 'carrier') {
    g.append(s('path', { d: 'M12 35 h40 l-4 6 h-32 z' }), s('rect', { x: 10, y: 31, width: 44, height: 3 }),
             s('rect', { x: 40, y: 26, width: 4, height: 5 }));
  } else if (kind === 'battleship') {
    g.append(s('path', { d: 'M10 35 h44 l-5 6 h-34 z' }), s('rect', { x: 27, y: 27, width: 10, height: 8 }),
             s('rect', { x: 17, y: 31, width: 6, height: 4 }), s('rect', { x: 41, y: 31, width: 6, height: 4 }),
             s('rect', { x: 31, y: 22, width: 2, height: 5 }));
  } else {
    g.append(s('path', { d: 'M14 36 h36 l-4 5 h-28 z' }), s('rect', { x: 28, y: 30, width: 8, height: 6 }),
             s('rect', { x: 20, y: 33, width: 5, height: 3 }));
  }
  return g;
}

function pwKind(u) {
  if (u.lba) return 'lba';
  if (u.airstrike > 0) return 'carrier';
  if (u.capital && u.gunnery >= 3) return 'battleship';
  return 'cruiser';
}

// The Pacific War counter: name, silhouette, Airstrike-Gunnery-Defense, Speed (LBA: "LBA").
// Ops Complete units are drawn flipped (grey, "OPS COMPLETE"); pending hits as a red badge.
export function pwCounter(u, { size = 60, clickable = false } = {}) {
  const st = SIDE_STYLE[sideKey(u.side)];
  const ready = u.ready !== false;
  const bg = ready ? st.bg : '#b9b6ad';
  const svg = s('svg', {
    class: `counter${clickable ? ' clickable' : ''}${u.selected ? ' selected' : ''}${ready ? '' : ' ops-complete'}`,
    viewBox: '0 0 64 64', width: size, height: size, 'data-unit': u.id,
    role: clickable ? 'button' : 'img',
    'aria-label': `${u.name}${ready ? '' : ' (Ops Complete)'}`,
  });
  svg.append(s('title', {}, `${u.name}: Airstrike ${u.airstrike}, Gunnery ${u.gunnery}, Defense ${u.defense}` +
    `${u.armored ? ' (armored)' : ''}, Speed ${u.speed}${u.lba ? ', land-based air' : ''}` +
    `${ready ? ', Ready' : ', Ops Complete'}${u.pending_hits ? `, ${u.pending_hits} hit(s) pending` : ''}` +
    `${u.repairing ? ', repairing' : ''}`));
  svg.append(s('rect', { x: 1.5, y: 1.5, width: 61, height: 61, rx: 4, fill: bg, stroke: u.selected ? '#1b7a1b' : st.edge,
                         'stroke-width': u.selected ? 4 : 2 }));
  svg.append(nameText(shortName(u.lba ? u.name.replace(/^(Japanese|Allied) /, '') : u.name, 13), st.fg));
  svg.append(glyph(pwKind(u), ready ? st.fg : '#55524a'));
  if (u.lba) {
    svg.append(s('text', { x: 32, y: 58, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 700, fill: st.fg },
                 `${u.airstrike}-${u.gunnery}-${u.defense}`));
  } else {
    // Airstrike-Gunnery-Defense; an armored ship's Defense is underlined.
    svg.append(s('text', { x: 5, y: 58, 'font-size': 12, 'font-weight': 700, fill: st.fg },
      `${u.airstrike}-${u.gunnery}-`, s('tspan', { 'text-decoration': u.armored ? 'underline' : null }, u.defense)));
    svg.append(s('circle', { cx: 54, cy: 53, r: 7, fill: 'none', stroke: st.fg, 'stroke-width': 1.2 }));
    svg.append(s('text', { x: 54, y: 57, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: st.fg }, u.speed));
  }
  if (u.selected) {  // picked for the group being formed
    svg.append(s('g', { class: 'picked' }, s('circle', { cx: 54, cy: 24, r: 7.5, fill: '#1b7a1b' }),
      s('path', { d: 'M50 24 l3 3 l5 -6', stroke: '#fff', 'stroke-width': 2, fill: 'none' })));
  }
  if (!ready) {
    svg.append(s('text', { x: 32, y: 24, 'text-anchor': 'middle', 'font-size': 7.5, 'font-weight': 700, fill: '#333' }, 'OPS COMPLETE'));
  }
  if (u.pending_hits) {
    svg.append(s('g', { class: 'hit-badge' }, s('circle', { cx: 10, cy: 24, r: 8, fill: '#c00', stroke: '#fff' }),
      s('text', { x: 10, y: 28, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#fff' }, u.pending_hits)));
  }
  if (u.repairing) {
    svg.append(s('text', { x: 56, y: 25, 'text-anchor': 'middle', 'font-size': 9, 'font-weight': 700, fill: '#7a3e00' }, 'R'));
  }
  return svg;
}

const CPS_NATION = {
  japan: { bg: '#f1e3b8', fg: '#8c1c13' },
  us: { bg: '#cfe0c3', fg: '#21421a' },
  commonwealth: { bg: '#e6d2b5', fg: '#5a3410' },
  china: { bg: '#f4ee9a', fg: '#5b5200' },
};

// Co-Prosperity Sphere counter: id, type, Attack-Defense-Movement, steps (a reduced unit
// shows a stripe), priority letter.
export function cpsCounter(unit, def, { size = 60, clickable = false } = {}) {
  const d = def || { nation: unit.id.startsWith('J-') ? 'japan' : 'us', type: '?', steps: 2 };
  const st = CPS_NATION[d.nation] || CPS_NATION.us;
  const svg = s('svg', { class: `counter${clickable ? ' clickable' : ''}`, viewBox: '0 0 64 64', width: size, height: size,
                         'data-unit': unit.id, role: clickable ? 'button' : 'img', 'aria-label': unit.id });
  svg.append(s('title', {}, `${unit.id} (${d.type}, ${d.nation}): Attack ${d.attack}, Defense ${d.defense}, ` +
    `Movement ${d.movement}, priority ${d.priority}; ${unit.steps ?? d.steps} of ${d.steps} step(s)`));
  svg.append(s('rect', { x: 1.5, y: 1.5, width: 61, height: 61, rx: 4, fill: st.bg, stroke: st.fg, 'stroke-width': 2 }));
  svg.append(nameText(unit.id, st.fg));
  svg.append(s('text', { x: 32, y: 37, 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 700, fill: st.fg }, d.type));
  if (d.attack !== undefined) {
    svg.append(s('text', { x: 32, y: 58, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 700, fill: st.fg },
                 `${d.attack}-${d.defense}-${d.movement}`));
  }
  if (d.priority) svg.append(s('text', { x: 57, y: 26, 'text-anchor': 'middle', 'font-size': 9, fill: st.fg }, d.priority));
  const steps = unit.steps ?? d.steps;
  if (steps !== undefined && steps < d.steps) {
    svg.append(s('path', { d: 'M2 44 L44 2 H56 L2 56 Z', fill: 'rgba(160,0,0,0.35)' }));
  }
  return svg;
}

// A small chip for a stack on the map: side colour, number of units, how many are Ops Complete.
export function stackChip(x, y, side, count, spent, label) {
  const st = SIDE_STYLE[sideKey(side)];
  const g = s('g', { class: 'stack-chip', transform: `translate(${x},${y})` });
  g.append(s('rect', { x: -15, y: -10, width: 30, height: 20, rx: 3, fill: st.bg, stroke: st.edge, 'stroke-width': 1.5 }));
  g.append(s('text', { x: 0, y: 4.5, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 700, fill: st.fg }, label ?? count));
  if (spent) {
    g.append(s('rect', { x: 9, y: -16, width: 14, height: 11, rx: 2, fill: '#777' }),
             s('text', { x: 16, y: -7.5, 'text-anchor': 'middle', 'font-size': 9, fill: '#fff' }, spent));
  }
  return g;
}
