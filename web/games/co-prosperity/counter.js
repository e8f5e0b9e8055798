// Co-Prosperity Sphere's counters, drawn as small SVGs from units.json and the view.
import { s, countOf, sideName } from '../../dom.js';
import { nameText } from '../../counters.js';

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
  svg.append(s('title', {}, `${unit.id} (${d.type}, ${sideName(d.nation)}): Attack ${d.attack}, Defense ${d.defense}, ` +
    `Movement ${d.movement}, priority ${d.priority}; ${unit.steps ?? d.steps} of ${countOf(d.steps, 'step')}`));
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
