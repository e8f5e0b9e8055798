// The settings page (#/settings): where turn notifications go (a webhook URL in the format
// Discord's and Slack's incoming webhooks accept, an e-mail address, this browser) and which
// events send one. GET/PUT /api/me/settings; the server checks every field and says why.
import { api, ApiError } from './api.js';
import { h, clear } from './dom.js';
import { browserNoticesSupported } from './notify.js';

const EVENTS = [
  ['turn', 'It becomes my turn in a game against a person'],
  ['game_end', 'A game ends'],
  ['invite_accepted', 'Someone accepts my invitation'],
  ['clock', 'My clock runs low or a clock runs out'],
];

export function showSettings(ctx) {
  const box = h('section', { class: 'card settings', id: 'settings-page' }, h('p', { class: 'muted' }, 'Loading…'));
  ctx.page.append(h('div', { class: 'settings-wrap' }, h('h1', {}, 'Settings'), box));

  function permissionText() {
    if (!browserNoticesSupported()) return 'This browser has no notifications.';
    return { granted: 'Allowed in this browser.', denied: 'Blocked in this browser (change it in the site settings of the browser).',
             default: 'Not allowed yet.' }[Notification.permission] || '';
  }

  function draw(settings) {
    const webhook = h('input', { type: 'url', name: 'webhook_url', id: 'webhook-url', value: settings.webhook_url || '',
                                 placeholder: 'https://discord.com/api/webhooks/…', autocomplete: 'off',
                                 'aria-describedby': 'webhook-help' });
    const email = h('input', { type: 'email', name: 'email', id: 'email', value: settings.email || '',
                               placeholder: 'name@example.org', autocomplete: 'email', 'aria-describedby': 'email-help' });
    const checks = EVENTS.map(([key, label]) => h('label', { class: 'check' },
      h('input', { type: 'checkbox', name: key, checked: !!settings.notify[key] }), ` ${label}`));
    const browser = h('input', { type: 'checkbox', name: 'browser', id: 'notify-browser', checked: !!settings.notify.browser });
    const permission = h('span', { class: 'muted', id: 'permission-state' }, permissionText());
    const allow = h('button', {
      type: 'button', class: 'secondary', id: 'allow-notifications',
      disabled: !browserNoticesSupported() || Notification.permission !== 'default',
      onclick: async () => {
        await Notification.requestPermission();
        permission.textContent = permissionText();
        allow.disabled = Notification.permission !== 'default';
        if (Notification.permission === 'granted') browser.checked = true;
      },
    }, 'Allow browser notifications');
    const msg = h('p', { class: 'error', role: 'alert', id: 'settings-msg' });
    const form = h('form', {
      novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        msg.textContent = '';
        msg.className = 'error';
        for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
        const notify = { browser: browser.checked };
        for (const [key] of EVENTS) notify[key] = form.querySelector(`input[name=${key}]`).checked;
        try {
          const saved = await api.saveSettings({ webhook_url: webhook.value.trim() || null, email: email.value.trim() || null, notify });
          draw(saved);
          const done = box.querySelector('#settings-msg');
          done.className = 'ok';
          done.textContent = 'Saved.';
        } catch (err) {
          if (err instanceof ApiError && err.status === 401) { ctx.go('#/login'); return; }
          // The field named as the form labels it, never by its API name.
          const field = err.body && err.body.field;
          const target = field === 'webhook_url' ? webhook : field === 'email' ? email : null;
          const label = field === 'webhook_url' ? 'Webhook address' : field === 'email' ? 'E-mail address' : null;
          msg.textContent = label && err.body.problem ? `${label}: ${err.body.problem}.` : err.message;
          if (target) { target.setAttribute('aria-invalid', 'true'); target.focus(); }
        }
      },
    },
    h('h2', {}, 'Notifications'),
    h('p', { class: 'muted' }, 'pacwar tells you when it is your turn, so a game against a friend can take days. ' +
      'A notice names the game, your opponent, whose turn it is and a link: never your cards.'),
    h('label', { for: 'webhook-url' }, 'Webhook address', webhook),
    h('p', { class: 'muted small', id: 'webhook-help' }, 'A Discord or Slack incoming webhook (http:// or https://). Empty: none.'),
    h('label', { for: 'email' }, 'E-mail address', email),
    h('p', { class: 'muted small', id: 'email-help' }, settings.server && settings.server.email
      ? 'Empty: no e-mail.' : 'This server sends no e-mail yet (its administrator has not set up e-mail); the address is kept.'),
    h('fieldset', {}, h('legend', {}, 'Notify me when'), checks),
    h('fieldset', {}, h('legend', {}, 'This browser'),
      h('label', { class: 'check' }, browser, ' Show notifications while a pacwar page is open'),
      h('div', { class: 'row' }, allow, permission)),
    h('div', { class: 'row' },
      h('button', { type: 'submit', id: 'save-settings' }, 'Save'),
      h('a', { class: 'button secondary', href: '#/' }, 'Lobby')),
    msg);
    clear(box).append(form);
  }

  api.settings().then(draw, (e) => {
    if (e instanceof ApiError && e.status === 401) ctx.go('#/login');
    else clear(box).append(h('p', { class: 'error' }, e.message));
  });
  return { destroy() {} };
}
