// #/account: change the password, log out everywhere, delete the account (docs/api.md,
// "Accounts"). Every form names its fields and says what happened in a live region.
import { api } from './api.js';
import { h } from './dom.js';

function passwordInput(name, autocomplete, label) {
  const input = h('input', { name, id: name, type: 'password', required: true, autocomplete, minlength: 8 });
  return [h('label', { for: name }, label), input];
}

export function showAccount(ctx) {
  const status = (id) => h('p', { id, role: 'status', 'aria-live': 'polite' });

  // Change the password: the old one is needed; the other sessions end.
  const [oldLabel, oldPass] = passwordInput('old-password', 'current-password', 'Current password');
  const [newLabel, newPass] = passwordInput('new-password', 'new-password', 'New password (8 characters or more)');
  const pwMsg = status('password-msg');
  const pwForm = h('form', {
    class: 'card', id: 'change-password',
    onsubmit: async (e) => {
      e.preventDefault();
      pwMsg.className = '';
      try {
        await api.changePassword(oldPass.value, newPass.value);
        pwMsg.textContent = 'Password changed. Your other sessions are logged out.';
        oldPass.value = '';
        newPass.value = '';
      } catch (err) {
        pwMsg.className = 'error';
        pwMsg.textContent = err.message;
      }
    },
  },
  h('h2', {}, 'Change the password'), oldLabel, oldPass, newLabel, newPass,
  h('button', { type: 'submit', id: 'change-password-submit' }, 'Change password'), pwMsg);

  // Log out everywhere: every session of the account ends, this one too.
  const allMsg = status('logout-all-msg');
  const allBox = h('section', { class: 'card', id: 'logout-all' },
    h('h2', {}, 'Sessions'),
    h('p', { class: 'muted' }, 'Log out on every browser and device where this account is logged in, this one included.'),
    h('button', {
      type: 'button', id: 'logout-all-submit', class: 'secondary',
      onclick: async () => {
        try {
          await api.logoutAll();
          ctx.onLogout();
        } catch (err) {
          allMsg.className = 'error';
          allMsg.textContent = err.message;
        }
      },
    }, 'Log out everywhere'),
    allMsg);

  // Delete the account: needs the password.
  const [delLabel, delPass] = passwordInput('delete-password', 'current-password', 'Password');
  const delMsg = status('delete-msg');
  const delForm = h('form', {
    class: 'card danger', id: 'delete-account',
    onsubmit: async (e) => {
      e.preventDefault();
      if (!window.confirm(`Delete the account ${ctx.user}? This cannot be undone.`)) return;
      try {
        await api.deleteAccount(delPass.value);
        ctx.onLogout();
      } catch (err) {
        delMsg.className = 'error';
        delMsg.textContent = err.message;
      }
    },
  },
  h('h2', {}, 'Delete the account'),
  h('p', {}, 'Your games in progress are resigned (your opponents win) and games nobody joined yet are cancelled. ' +
    'Finished games stay in your opponents\u2019 lists, with your name replaced by \u201cdeleted user\u201d. ' +
    'Your sessions end and your name becomes free.'),
  delLabel, delPass,
  h('button', { type: 'submit', id: 'delete-account-submit', class: 'danger' }, 'Delete my account'), delMsg);

  ctx.page.append(h('div', { class: 'account' },
    h('h1', {}, `Account: ${ctx.user}`),
    h('p', {}, h('a', { href: '#/' }, 'Back to the lobby')),
    pwForm, allBox, delForm));
  oldPass.focus();
  return { destroy() {} };
}
