// What every game's counters share: the sides' colours, the name across a counter's top, and
// the stack chips on the map. Each game draws its own counters (web/games/<game>/counter.js).
import { s } from './dom.js';

export const SIDE_STYLE = {
  japanese: { bg: '#f1e3b8', fg: '#8c1c13', edge: '#8c1c13' },
  allied: { bg: '#c9d9ee', fg: '#12345e', edge: '#12345e' },
};

export function sideKey(side) {
  const k = String(side || '').toLowerCase();
  return k.startsWith('jap') ? 'japanese' : 'allied';
}

// The name across the top of a counter, in full: squeezed (never cut) when long.
export function nameText(name, color, fontSize = 10) {
  const size = name.length > 12 ? fontSize - 1.5 : fontSize;
  return s('text', { x: 32, y: 12.5, 'text-anchor': 'middle', 'font-size': size, 'font-weight': 700, fill: color,
                     textLength: name.length > 10 ? 58 : null, lengthAdjust: 'spacingAndGlyphs' }, name);
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
