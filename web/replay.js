// The replay viewer of a finished game: step forward and back through the action log.
import { api } from './api.js';
import { h, clear, printed, sideName } from './dom.js';
import { drawBoard } from './board.js';
import { logPanel } from './log.js';
import { tabBar, markTabs } from './tabs.js';
import { animateChange } from './motion.js';
import { analysisView } from './analysis_view.js';

export function showReplay(ctx, id) {
  let step = 0;
  let steps = 0;
  let data = null;
  let content = null;
  let selected = null;
  let alive = true;
  let loading = false;
  let seat = '';
  let shown = null;
  const tabs = { tab: 'map' };
  const root = h('div', { class: 'game-page replay', id: 'replay' }, h('p', { class: 'muted' }, 'Loading the replay…'));
  ctx.page.append(root);
  const analysis = analysisView(id, (k) => go(k));

  async function go(k) {
    if (loading) return;
    loading = true;
    try {
      const next = await api.replay(id, Math.max(0, k));
      if (!content) {
        seat = next.seat || (await api.game(id)).seat;
        const game = next.view.game;
        content = { game, ...(await api.content(game)) };
      }
      data = next;
      step = next.step;
      steps = next.steps;
      render();
    } catch (e) {
      clear(root).append(h('p', { class: 'error' }, e.message), h('a', { href: '#/' }, 'Back to the lobby'));
    } finally {
      loading = false;
    }
  }

  function render() {
    if (!alive) return;
    const board = drawBoard({ game: content.game, content, view: data.view, seat,
                              log: data.log, legal: [], selected, onAction: () => {}, onSelect: (n) => { selected = n; render(); } });
    const slider = h('input', { type: 'range', min: 0, max: steps, value: step, id: 'replay-slider', 'aria-label': 'Action',
                                onchange: (e) => go(Number(e.target.value)) });
    const controls = h('div', { class: 'replay-controls panel' },
      h('div', { class: 'row' },
        h('button', { id: 'replay-first', onclick: () => go(0), disabled: step <= 0 }, '|◀ Start'),
        h('button', { id: 'replay-back', onclick: () => go(step - 1), disabled: step <= 0 }, '◀ Back'),
        h('span', { id: 'replay-step', class: 'step' }, `Action ${step} of ${steps}`),
        h('button', { id: 'replay-forward', onclick: () => go(step + 1), disabled: step >= steps }, 'Forward ▶'),
        h('button', { id: 'replay-last', onclick: () => go(steps), disabled: step >= steps }, 'End ▶|')),
      slider,
      h('p', { class: 'small', id: 'replay-what' }, step > 0
        ? ['Action ', h('b', {}, String(step)), data.by ? ` by ${sideName(data.by)}` : '', ': ',
           data.action ? h('span', { id: 'replay-action' }, printed(data.action_label || data.action)) : h('span', { class: 'muted' }, 'see the log')]
        : 'The start of the game.'),
      data.view.prompt ? h('p', { class: 'muted small' }, `Next: ${printed(data.view.prompt)}`) : null);
    const focused = document.activeElement && document.activeElement.id;
    clear(root).append(
      h('div', { class: 'game-head' }, h('h1', {}, `Replay of game #${id}`),
        h('div', { class: 'muted' }, 'Left/right arrow keys step through the game.'), h('a', { class: 'button secondary', href: '#/' }, 'Lobby')),
      tabBar(root, tabs), h('h2', { class: 'sr' }, 'Board'),
      h('div', { class: 'board' }, h('div', { class: 'map-col' }, ...markTabs([board.map, analysis.graph(step), ...board.below])),
        h('div', { class: 'side-col' }, controls, ...markTabs([analysis.list(), ...board.side, logPanel(data.log || [])]))));
    const again = focused && document.getElementById(focused);
    if (again && !again.disabled) again.focus({ preventScroll: true });
    else if (focused && focused.startsWith('replay-')) document.getElementById('replay-slider').focus({ preventScroll: true });
    if (shown && shown.step === step - 1) animateChange(root, content.game, content, shown.view, data.view, data.log || [], (shown.log || []).length);
    shown = data;
  }

  const onKey = (e) => {
    if (e.target && e.target.tagName === 'INPUT' && e.target.type !== 'range') return;
    if (e.key === 'ArrowRight' && step < steps) go(step + 1);
    if (e.key === 'ArrowLeft' && step > 0) go(step - 1);
  };
  window.addEventListener('keydown', onKey);
  go(0);
  return { destroy() { alive = false; analysis.destroy(); window.removeEventListener('keydown', onKey); } };
}
