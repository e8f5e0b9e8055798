// The chat of a game: its players write, spectators read when the creator allowed it. Messages
// are shown as text (textContent through h()), never as HTML: "<script>" stays visible text.
import { h, clear } from './dom.js';
import { platformApi } from './platform_api.js';

export function chatPanel(id) {
  let count = 0;
  let maxChars = 500;
  let closed = false;
  const list = h('ol', { class: 'chat-list', id: 'chat-list', tabindex: 0, 'aria-label': 'Chat messages', 'aria-live': 'polite' });
  const msg = h('p', { class: 'error', role: 'alert', id: 'chat-error' });
  const input = h('textarea', { id: 'chat-input', rows: 2, maxlength: maxChars, 'aria-label': 'Chat message', placeholder: 'Message to your opponent' });
  const counter = h('span', { class: 'muted chat-count' });
  const send = h('button', { type: 'submit', id: 'chat-send' }, 'Send');
  const form = h('form', {
    class: 'chat-form',
    onsubmit: async (e) => {
      e.preventDefault();
      msg.textContent = '';
      const text = input.value;
      if (!text.trim()) return;
      send.disabled = true;
      try {
        await platformApi.postChat(id, text);
        input.value = '';
        updateCounter();
        await refresh();
      } catch (err) {
        msg.textContent = err.message;
      } finally {
        send.disabled = false;
      }
    },
  }, input, h('div', { class: 'row' }, send, counter));
  // Enter sends, Shift+Enter makes a new line.
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
  const updateCounter = () => { counter.textContent = `${[...input.value].length}/${maxChars}`; };
  input.addEventListener('input', updateCounter);
  const el = h('section', { class: 'panel chat', id: 'chat', 'data-tab': 'log' }, h('h3', {}, 'Chat'), list, msg);

  // A message of the server itself (a rules repair took back moves) has no author.
  function line(m) {
    return h('li', { 'data-n': m.n, class: m.server ? 'chat-server' : null },
      h('span', { class: 'chat-user' }, m.server ? 'Server' : m.user), ' ',
      h('span', { class: 'chat-text' }, m.text),
      h('time', { class: 'muted', datetime: m.time, title: m.time }, ` ${new Date(m.time).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`));
  }

  async function refresh() {
    if (closed) return;
    try {
      const r = await platformApi.chat(id, count);
      if (r.can_read === false) {  // a spectator of a game whose chat is for its players only
        closed = true;
        clear(el).append(h('h3', {}, 'Chat'), h('p', { class: 'muted' }, 'The chat of this game is for its players only.'));
        return;
      }
      maxChars = r.max_chars || maxChars;
      input.maxLength = maxChars;
      if (count === 0) clear(list);
      for (const m of r.messages) {
        if (m.n < count) continue;
        list.append(line(m));
        count = m.n + 1;
      }
      if (!list.children.length) list.append(h('li', { class: 'muted empty' }, 'No messages yet.'));
      else { const empty = list.querySelector('.empty'); if (empty) empty.remove(); }
      list.scrollTop = list.scrollHeight;
      if (r.can_post && !form.isConnected) { el.append(form); updateCounter(); }
      if (!r.can_post && !el.querySelector('.readonly')) el.append(h('p', { class: 'muted readonly' }, 'Spectators read the chat; only the players write.'));
    } catch (err) {
      if (err.status === 403) {
        closed = true;
        clear(el).append(h('h3', {}, 'Chat'), h('p', { class: 'muted' }, 'The chat of this game is for its players only.'));
      } else {
        msg.textContent = err.message;
      }
    }
  }

  refresh();
  // Against a computer player nobody across the table reads the chat: the box says so.
  let computer = null;
  const computerNote = h('p', { class: 'muted small', id: 'chat-computer' }, 'The computer does not read the chat: messages here are notes for you and for spectators.');
  function setOpponentComputer(on) {
    if (on === computer) return;
    computer = on;
    input.placeholder = on ? 'A note (the computer does not read it)' : 'Message to your opponent';
    if (on) form.prepend(computerNote);
    else computerNote.remove();
  }

  return {
    el,
    setOpponentComputer,
    // A live update says how many messages there are.
    update(total) { if (typeof total === 'number' && total > count) refresh(); },
  };
}
