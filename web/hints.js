// Hints in a game created with them (docs/analysis.md): a badge in the header ("Hints on:
// unrated"), a Hint button on the player's turn, and a panel with the computer player's top three
// actions, their win probabilities and the line it expects, computed from the player's view only.
import { api } from './api.js';
import { h } from './dom.js';

const pct = (p) => `${Math.round(100 * p)}%`;

export function hintControls(id, rerender) {
  let features = null;
  let result = null;
  let error = '';
  let busy = false;
  api.features(id).then((f) => { features = f; rerender(); }, () => {});

  async function ask() {
    busy = true;
    error = '';
    rerender();
    try {
      result = await api.hint(id);
    } catch (e) {
      error = e.message;
      result = null;
    }
    busy = false;
    rerender();
  }

  return {
    badge() {
      return features && features.hints
        ? h('span', { class: 'badge hints', id: 'hints-on', title: 'Hints are on: this game is never rated' }, 'Hints on · unrated')
        : null;
    },
    button(st) {
      if (!features || !features.hints || st.status !== 'active') return null;
      return h('button', { id: 'hint', type: 'button', class: 'secondary', disabled: !st.your_turn || busy,
                           title: 'Ask the computer player what it would do (from your view only)', onclick: ask },
               busy ? 'Thinking…' : 'Hint');
    },
    panel(st, onAction) {
      if (result && result.version !== st.version) result = null;
      if (!result && !error) return null;
      if (error) return h('div', { class: 'panel hint-panel', id: 'hint-panel', role: 'status' }, h('p', { class: 'error' }, error));
      return h('div', { class: 'panel hint-panel', id: 'hint-panel', role: 'status' },
        h('h3', {}, 'Hint'),
        h('ol', { class: 'hint-top' }, result.top.map((t) => h('li', {},
          h('button', { type: 'button', class: 'link', title: 'Take this action', disabled: !st.your_turn,
                        onclick: () => onAction(t.id) }, t.label || t.id),
          h('span', { class: 'prob' }, ` ${pct(t.win_probability)}`)))),
        result.main_line.length
          ? h('p', { class: 'small' }, h('b', {}, 'Expected line: '), result.main_line.join(' → '))
          : null,
        h('p', { class: 'muted small' }, `${result.player}, from your side's view only; win probabilities are the search's estimates.`));
    },
  };
}
