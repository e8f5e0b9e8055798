// #/invite/TOKEN: joins the game as the free seat, then opens it.
import { api } from './api.js';
import { h } from './dom.js';

export function showInvite(ctx, token) {
  const box = h('div', { class: 'card' }, h('p', {}, 'Accepting the invitation…'));
  ctx.page.append(box);
  api.joinInvite(token).then(
    (r) => ctx.go(`#/game/${r.id}`),
    (e) => {
      box.replaceChildren(h('h2', {}, 'Invitation'), h('p', { class: 'error' }, e.message),
                          h('a', { href: '#/' }, 'Back to the lobby'));
    });
  return { destroy() {} };
}
