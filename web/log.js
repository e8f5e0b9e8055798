// The game log with rule citations; dice drawn as die faces, CRT columns highlighted.
import { h, s, printed, countOf } from './dom.js';

const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [1, 3], [3, 1], [3, 3]],
               5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]], 6: [[1, 1], [1, 2], [1, 3], [3, 1], [3, 2], [3, 3]] };

export function dieFace(n, size = 18) {
  const svg = s('svg', { class: 'die', viewBox: '0 0 24 24', width: size, height: size, 'aria-label': `die ${n}` });
  svg.append(s('rect', { x: 1, y: 1, width: 22, height: 22, rx: 4, fill: '#fff', stroke: '#222', 'stroke-width': 1.5 }));
  for (const [cx, cy] of PIPS[n] || []) svg.append(s('circle', { cx: cx * 6, cy: cy * 6, r: 2.2, fill: '#222' }));
  return svg;
}

// Text with dice ("die 5", "rolls 3", "Initiative dice: Japanese 4, Allied 1", "...: 4.") shown as faces.
export function richText(text) {
  const out = [];
  const isDice = /\b(die|dice|rolls?)\b/i.test(text);
  const re = isDice
    ? /(\[[^\]]+\])|(\b(?:die|rolls?|Japanese|Allied)\s)([1-6])\b|(:\s)([1-6])(?=\.?$)/g
    : /(\[[^\]]+\])/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push(text.slice(last, m.index));
    if (m[1]) out.push(h('span', { class: 'crt-col' }, m[1]));
    else if (m[2]) out.push(m[2], dieFace(Number(m[3])), h('span', { class: 'sr' }, m[3]));
    else out.push(m[4], dieFace(Number(m[5])), h('span', { class: 'sr' }, m[5]));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

export function logLine(line) {
  return h('li', {},
    line.rule ? h('span', { class: 'rule', title: `Rule ${line.rule}` }, line.rule) : h('span', { class: 'rule none' }),
    h('span', { class: 'text' }, richText(printed(line.text))));
}

export function logPanel(lines, { title = 'Game log' } = {}) {
  const ol = h('ol', { class: 'log', id: 'game-log', tabindex: 0, 'aria-label': title }, lines.map(logLine));
  const box = h('section', { class: 'panel log-panel' }, h('h3', {}, title, h('span', { class: 'muted' }, ` (${countOf(lines.length, 'line')})`)), ol);
  requestAnimationFrame(() => { ol.scrollTop = ol.scrollHeight; });
  return box;
}
