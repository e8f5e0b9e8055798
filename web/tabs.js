// On a phone-sized screen the board shows one group of panels at a time (map, hand, tracks,
// log), chosen by a tab bar; on a wide screen every panel is shown and the bar is hidden (CSS).
import { h } from './dom.js';

export const TABS = [['map', 'Map'], ['hand', 'Hand'], ['tracks', 'Tracks'], ['log', 'Log']];

// Which tab a panel belongs to, from its class or id.
export function tabOf(el) {
  const c = el.classList;
  if (c.contains('hand')) return 'hand';
  if (c.contains('turn-track') || c.contains('status') || el.id === 'vp-track') return 'tracks';
  if (c.contains('log-panel')) return 'log';
  return 'map';
}

export function markTabs(panels) {
  for (const el of panels) if (el && !el.dataset.tab) el.dataset.tab = tabOf(el);
  return panels;
}

// The tab bar; `state` is {tab} kept by the page across redraws.
export function tabBar(root, state, names = TABS) {
  root.dataset.tab = state.tab;
  const buttons = names.map(([id, label]) => h('button', {
    type: 'button', role: 'tab', id: `tab-${id}`, 'aria-selected': String(state.tab === id), class: state.tab === id ? 'on' : '',
    onclick: () => {
      state.tab = id;
      root.dataset.tab = id;
      for (const b of buttons) {
        b.setAttribute('aria-selected', String(b.id === `tab-${id}`));
        b.classList.toggle('on', b.id === `tab-${id}`);
      }
    },
  }, label));
  return h('nav', { class: 'tabs', role: 'tablist', 'aria-label': 'Board panels' }, buttons);
}
