// Browser notifications (the Notifications API) while a pacwar page is open: when the user
// asked for them in the settings and allowed them, the notices the server queued for the
// browser (GET /api/me/notices) are shown, then marked seen. Nothing here but public facts
// (game, opponent, whose turn), as the server wrote them.
import { api } from './api.js';
import { cap } from './dom.js';

const KIND_TEXT = {
  turn: (n) => `Your turn against ${n.opponent}`,
  game_end: (n) => `Game over against ${n.opponent}: ${n.winner ? (n.winner === n.seat ? 'you won' : 'you lost') : 'a draw'}`,
  invite_accepted: (n) => `${n.opponent} accepted your invitation`,
  clock_low: (n) => `Your time against ${n.opponent} is running low`,
  rules_repair: (n) => `A rules fix took back moves against ${n.opponent}`,
  clock_out: (n) => (n.expired === n.seat ? `Your time ran out against ${n.opponent}` : `${n.opponent} ran out of time`),
};

export function noticeTitle(n) {
  return (KIND_TEXT[n.kind] || (() => 'pacwar'))(n);
}

export function noticeBody(n) {
  return `${n.game} #${n.game_id}: you play ${cap(n.seat)}, move ${n.move}.`;
}

export function browserNoticesSupported() {
  return typeof window.Notification === 'function';
}

// Polls every `every` ms while the page is open; returns stop().
export function startBrowserNotices(every = 15000) {
  let stopped = false;
  let timer = null;
  async function poll() {
    if (stopped) return;
    try {
      if (browserNoticesSupported() && Notification.permission === 'granted') {
        const settings = await api.settings();
        if (settings.notify && settings.notify.browser) {
          const { notices } = await api.notices();
          for (const n of notices) {
            const shown = new Notification(noticeTitle(n), { body: noticeBody(n), tag: n.id });
            shown.onclick = () => { window.focus(); location.hash = n.path.replace(/^\/?/, '').replace(/^#?/, '#'); };
          }
          if (notices.length) await api.noticesSeen(notices.map((n) => n.id));
        }
      }
    } catch { /* logged out or offline: try again later */ }
    if (!stopped) timer = setTimeout(poll, every);
  }
  timer = setTimeout(poll, 1000);
  return () => { stopped = true; clearTimeout(timer); };
}
