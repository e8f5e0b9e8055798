// Sign-up and log-in page.
import { api } from './api.js';
import { h } from './dom.js';

export function showAuth(ctx, next) {
  const user = h('input', { name: 'username', autocomplete: 'username', required: true,
                            minlength: 3, maxlength: 32, pattern: '[A-Za-z0-9_-]+' });
  const pass = h('input', { name: 'password', type: 'password', required: true,
                            autocomplete: 'current-password', minlength: 8 });
  const msg = h('p', { class: 'error', role: 'alert' });
  const submit = async (kind) => {
    msg.textContent = '';
    if (!user.value || !pass.value) {
      msg.textContent = 'Enter a user name and a password.';
      return;
    }
    try {
      const r = kind === 'signup' ? await api.signup(user.value, pass.value)
                                  : await api.login(user.value, pass.value);
      ctx.onLogin(r.username);
      ctx.go(next && next !== '#/login' ? next : '#/');
    } catch (e) {
      msg.textContent = e.message;
    }
  };
  const form = h('form', { class: 'card auth', onsubmit: (e) => { e.preventDefault(); submit('login'); } },
    h('h1', {}, 'The Pacific War · Co-Prosperity Sphere'),
    h('p', { class: 'muted' }, 'Play against the computer or a friend. Every rule is enforced by the engine.'),
    next && next.startsWith('#/invite/') ? h('p', { class: 'note' }, 'Log in or sign up to accept the invitation.') : null,
    h('label', {}, 'User name', user),
    h('label', {}, 'Password (8 characters or more)', pass),
    h('div', { class: 'row' },
      h('button', { type: 'submit', id: 'login' }, 'Log in'),
      h('button', { type: 'button', id: 'signup', class: 'secondary', onclick: () => submit('signup') }, 'Sign up')),
    msg);
  ctx.page.append(form);
  user.focus();
  return { destroy() {} };
}
