// Hints in a game created with them (docs/analysis.md): a badge in the header ("Hints on:
// unrated"), a Hint button on the player's turn, and a panel with the computer player's top three
// actions, their win probabilities and the line it expects, computed from the player's view only.
import { api } from './api.js';
import { h, printed } from './dom.js';
import { opponentLabel } from './lobby.js';

const pct = (p) => `${Math.round(100 * p)}%`;

// Choices whose estimates lie within the search's own noise of each other are shown as equal
// (docs/analysis.md, "The search's own noise"): a few points of win probability.
export const EQUAL_WITHIN = 0.03;
export function aboutEqual(top) {
  if (!top || top.length < 2) return false;
  const ps = top.map((t) => t.win_probability);
  return Math.max(...ps) - Math.min(...ps) <= EQUAL_WITHIN;
}

export function hintControls(id, rerender) {
  let features = null;
  let asked = false;
  let result = null;
  let error = '';
  let busy = false;
  // Asked once the page knows it is a player's: a spectator has no hints (the route answers
  // players only).
  function load(st) {
    if (asked || !st || st.spectator) return;
    asked = true;
    api.features(id).then((f) => { features = f; rerender(); }, () => {});
  }

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
      load(st);
      if (!features || !features.hints || st.status !== 'active') return null;
      return h('button', { id: 'hint', type: 'button', class: 'secondary', disabled: !st.your_turn || busy,
                           title: 'Ask the computer player what it would do (from your view only)', onclick: ask },
               busy ? 'Thinking…' : 'Hint');
    },
    panel(st, onAction) {
      if (result && result.version !== st.version) result = null;
      if (!result && !error) return null;
      if (error) return h('div', { class: 'panel hint-panel', id: 'hint-panel', role: 'status' }, h('p', { class: 'error' }, error));
      const equal = aboutEqual(result.top);
      const line = result.main_line_labels || [];
      return h('div', { class: 'panel hint-panel', id: 'hint-panel', role: 'status' },
        h('h3', {}, 'Hint'),
        equal ? h('p', { id: 'hint-equal' }, `These choices are about equal (each near ${pct(result.top[0].win_probability)} to win).`) : null,
        h('ol', { class: 'hint-top' }, result.top.map((t) => h('li', {},
          h('button', { type: 'button', class: 'link', title: 'Take this action', disabled: !st.your_turn,
                        onclick: () => onAction(t.id) }, printed(t.label || t.id)),
          equal ? null : h('span', { class: 'prob' }, ` ${pct(t.win_probability)}`)))),
        line.length
          ? h('p', { class: 'small' }, h('b', {}, 'Expected line: '), printed(line.join(' → ')))
          : null,
        h('p', { class: 'muted small' }, `${opponentLabel(result.player)}, from your side's view only; win probabilities are the search's estimates.`));
    },
  };
}
