// Tiny helpers to build HTML and SVG elements without a framework.
const SVG_NS = 'http://www.w3.org/2000/svg';

function fill(el, attrs, children, svg) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.setAttribute('class', v);
    else if (k === 'text') el.textContent = v;
    else if (k in el && !svg && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// h('div', {class: 'x', onclick: f}, child, ...): an HTML element.
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children, false);
}

// s('circle', {cx: 1}): an SVG element.
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children, true);
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

// "Hawaiian-Islands" -> "Hawaiian Islands"
export function pretty(id) {
  return String(id).replace(/-/g, ' ');
}

// "1 card", "2 cards": a count and its noun, singular after 1 (as engine::count_of).
export function countOf(n, noun, plural = noun + 's') {
  return `${n} ${n === 1 ? noun : plural}`;
}

export function cap(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : '';
}

// The name a player reads for a side or country id of the views ("japanese" -> "Japanese",
// "us" -> "US", as the rulebooks write them).
const SIDE_NAMES = { japanese: 'Japanese', allied: 'Allied', us: 'US', china: 'China', commonwealth: 'Commonwealth', chance: 'Chance', japan: 'Japan' };
export function sideName(id) {
  return SIDE_NAMES[id] || cap(String(id || ''));
}

// The printed names of the ids that engine texts carry ("Pearl-Harbor" -> "Pearl Harbor",
// "HMAS-Canberra" -> "HMAS Canberra"): display only; action ids are sent unchanged.
const printedNames = new Map();
export function setPrintedNames(pairs) {
  for (const [id, name] of pairs) if (id && name && id !== name) printedNames.set(id, name);
}
export function printed(text) {
  if (!printedNames.size) return String(text);
  return String(text).replace(/[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+/g, (w) => printedNames.get(w) || w);
}
