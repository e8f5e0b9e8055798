// What changed between two views, shown on the map: a moved group slides along its route from
// where it was to where it is; the dice of a combat and the hits they made pop up where the
// combat is. With prefers-reduced-motion the group is not slid and the dice do not fade.
import { s } from './dom.js';
import { nodePoint } from './map.js';
import { sideKey } from './counters.js';
import { gameModule } from './games/index.js';
import { dieFace } from './log.js';

const reduced = () => window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function whereUnits(view) {
  const at = new Map();
  for (const n of view.ozs || view.spaces || []) for (const u of n.units || []) at.set(u.id, { node: n.id, side: u.side });
  return at;
}

// Groups of units that moved: "from|to" -> {from, to, n, side}. `sideOf(unit)`: the game's
// word for the side of a unit whose view entry does not say it.
export function movedGroups(prev, next, sideOf) {
  const before = whereUnits(prev || {});
  const after = whereUnits(next || {});
  const groups = new Map();
  for (const [id, a] of after) {
    const b = before.get(id);
    if (!b || b.node === a.node) continue;
    const key = `${b.node}|${a.node}`;
    if (!groups.has(key)) groups.set(key, { from: b.node, to: a.node, n: 0, side: a.side || sideOf({ id }) });
    groups.get(key).n += 1;
  }
  return [...groups.values()];
}

// The dice and hits of the new log lines (those after `from`).
export function combatNews(log, from) {
  const dice = [];
  let hits = null;
  for (const line of log.slice(from)) {
    const t = line.text || '';
    for (const m of t.matchAll(/\b(?:die|rolls?)\s([1-6])\b/gi)) dice.push(Number(m[1]));
    const hm = /(\d+)\s+hits?\b/i.exec(t);
    if (hm) hits = Number(hm[1]);
  }
  return { dice: dice.slice(-6), hits };
}

// Points along the drawn route between two adjacent nodes (a straight line otherwise).
function routePoints(svg, from, to, a, b) {
  let path = svg.querySelector(`path[data-route="${CSS.escape(`${from}|${to}`)}"]`);
  let reverse = false;
  if (!path) {
    path = svg.querySelector(`path[data-route="${CSS.escape(`${to}|${from}`)}"]`);
    reverse = true;
  }
  if (!path || !path.getTotalLength) return [a, b];
  const len = path.getTotalLength();
  const pts = [];
  for (let i = 0; i <= 12; i += 1) {
    const p = path.getPointAtLength((len * (reverse ? 12 - i : i)) / 12);
    pts.push({ x: p.x, y: p.y });
  }
  return pts;
}

export function animateChange(root, gameName, content, prev, next, log, prevLogLen) {
  const svg = root.querySelector('svg.map');
  const game = gameModule(gameName);
  if (!svg || !prev || !next || !game) return;
  const layer = s('g', { class: 'motion', 'aria-hidden': 'true' });
  svg.append(layer);
  const still = reduced();
  for (const g of movedGroups(prev, next, (u) => game.unitSide(u, content)).slice(0, 6)) {
    const a = nodePoint(game, content, g.from);
    const b = nodePoint(game, content, g.to);
    if (!a || !b || still) continue;
    const tok = s('g', { class: `moving ${sideKey(g.side)}` },
      s('rect', { x: -13, y: -10, width: 26, height: 20, rx: 3 }),
      s('text', { y: 5, 'text-anchor': 'middle' }, g.n));
    layer.append(tok);
    const anim = tok.animate(routePoints(svg, g.from, g.to, a, b).map((q) => ({ transform: `translate(${q.x}px, ${q.y}px)` })),
                             { duration: 900, easing: 'ease-in-out', fill: 'forwards' });
    anim.onfinish = () => tok.remove();
  }
  const at = (next.combat && next.combat.oz) || (prev.combat && prev.combat.oz);
  const news = combatNews(log, prevLogLen);
  const p = at ? nodePoint(game, content, at) : null;
  if (p && (news.dice.length || news.hits !== null)) {
    const w = Math.max(70, news.dice.length * 22 + 12 + (news.hits !== null ? 56 : 0));
    const pop = s('g', { class: 'combat-pop', transform: `translate(${p.x - w / 2},${p.y - 64})` },
      s('rect', { width: w, height: 30, rx: 5 }));
    news.dice.forEach((d, i) => {
      const f = dieFace(d, 20);
      f.setAttribute('x', 6 + i * 22);
      f.setAttribute('y', 5);
      pop.append(f);
    });
    if (news.hits !== null) {
      pop.append(s('text', { x: w - 6, y: 20, 'text-anchor': 'end', class: 'hits' }, `${news.hits} hit${news.hits === 1 ? '' : 's'}`));
    }
    layer.append(pop);
    if (!still) {
      pop.animate([{ opacity: 0 }, { opacity: 1, offset: 0.1 }, { opacity: 1, offset: 0.8 }, { opacity: 0 }],
                  { duration: 3500, fill: 'forwards' }).onfinish = () => pop.remove();
    }
  }
}
