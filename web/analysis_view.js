// The analysis of a finished game in the replay viewer (docs/analysis.md): a button that asks the
// server for it (run in the background, progress shown), then a win-probability graph under the
// board (click a point to jump there) and the player's decisions with their marks.
import { api } from './api.js';
import { h, s, clear } from './dom.js';

const pct = (p) => `${Math.round(100 * p)}%`;
const MARK_SIGN = { inaccuracy: '?!', mistake: '?', blunder: '??' };

export function analysisView(id, jump) {
  let status = null;
  let timer = null;
  let alive = true;
  let step = 0;
  const graphBox = h('div', { class: 'panel analysis-graph', id: 'analysis-graph' });
  const listBox = h('div', { class: 'panel analysis-moves', id: 'analysis-moves' });

  async function load(request) {
    try {
      status = request ? await api.requestAnalysis(id) : await api.analysis(id);
    } catch (e) {
      status = { status: 'failed', error: e.message };
    }
    draw();
    if (alive && (status.status === 'queued' || status.status === 'running')) {
      clearTimeout(timer);
      timer = setTimeout(() => load(false), 1000);
    }
  }

  function draw() {
    clear(graphBox);
    clear(listBox);
    if (!status) return;
    if (status.status === 'none' || status.status === 'failed') {
      graphBox.append(h('div', { class: 'row' },
        h('button', { type: 'button', id: 'analyse', onclick: () => load(true) }, 'Analyse my moves'),
        h('span', { class: 'muted small' }, 'The computer player judges each of your decisions from what you could see then; it runs in the background.')));
      // (Element.append writes a null as the text "null": the error only when there is one.)
      if (status.error) graphBox.append(h('p', { class: 'error' }, status.error));
      return;
    }
    if (status.status !== 'done') {
      const total = status.total || 0;
      graphBox.append(h('p', { id: 'analysis-progress', role: 'status' },
        total ? `Analysing your decisions… ${status.done} of ${total}` : 'The analysis is queued…'),
        h('progress', { max: total || 1, value: status.done || 0, 'aria-label': 'Analysis progress' }));
      return;
    }
    const a = status.analysis;
    graphBox.append(graph(a), h('p', { class: 'muted small' },
      `Win probability of ${a.seat_name} before each of its decisions (${a.player}; from its own view only). Click a point to go there.`));
    const sum = a.summary;
    listBox.append(h('h3', {}, 'Your decisions'),
      h('p', { class: 'small', id: 'analysis-summary' },
        `${sum.blunders} blunders, ${sum.mistakes} mistakes, ${sum.inaccuracies} inaccuracies; mean loss ${pct(sum.mean_loss)}.`),
      h('ol', { class: 'analysis-list' }, a.moves.map((m) => h('li', {
        class: `${m.mark || 'good'}${m.index + 1 === step ? ' current' : ''}`, value: m.move },
      h('button', { type: 'button', class: 'link', 'data-step': m.index + 1, onclick: () => jump(m.index + 1) },
        h('span', { class: 'mark' }, MARK_SIGN[m.mark] || ''), ` ${m.taken}`),
      h('span', { class: 'small muted' }, ` ${pct(m.before)} → ${pct(m.after)}`),
      m.taken !== m.best ? h('div', { class: 'small' }, `Best: ${m.best_label || m.best}`) : null))));
  }

  function graph(a) {
    const W = 600;
    const H = 140;
    const pad = 6;
    const n = a.moves.length;
    const x = (k) => pad + (n <= 1 ? 0 : (k * (W - 2 * pad)) / (n - 1));
    const y = (p) => pad + (1 - p) * (H - 2 * pad);
    const pts = a.moves.map((m, k) => `${x(k).toFixed(1)},${y(m.before).toFixed(1)}`).join(' ');
    const area = n ? `${x(0)},${y(0.5)} ${pts} ${x(n - 1)},${y(0.5)}` : '';
    const current = a.moves.findIndex((m) => m.index + 1 >= step);
    return s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'wp-graph', role: 'img', 'aria-label': 'Win probability graph' },
      s('rect', { x: 0, y: 0, width: W, height: H, class: 'wp-bg' }),
      s('line', { x1: 0, x2: W, y1: y(0.5), y2: y(0.5), class: 'wp-mid' }),
      [[1, '100%'], [0.5, '50%'], [0, '0%']].map(([p, t]) => s('text', { x: W - 2, y: y(p) + (p === 1 ? 9 : p === 0 ? -2 : -2), class: 'wp-axis' }, t)),
      s('polygon', { points: area, class: 'wp-area' }),
      s('polyline', { points: pts, class: 'wp-line' }),
      current >= 0 && step > 0 ? s('line', { x1: x(current), x2: x(current), y1: 0, y2: H, class: 'wp-now' }) : null,
      a.moves.map((m, k) => s('circle', {
        cx: x(k), cy: y(m.before), r: m.mark ? 5 : 3, class: `wp-pt ${m.mark || ''}`, 'data-step': m.index + 1,
        onclick: () => jump(m.index + 1) },
      s('title', {}, `Decision ${m.move}: ${pct(m.before)} → ${pct(m.after)} ${m.mark || ''} (${m.taken})`))));
  }

  load(false);
  return {
    graph(currentStep) { step = currentStep; if (status && status.status === 'done') draw(); return graphBox; },
    list() { return listBox; },
    destroy() { alive = false; clearTimeout(timer); },
  };
}
