// Clocks of games between people (docs/api.md "Clocks"): the time control offered when a game
// is created, the clock line of the lobby, and the clock of the game page (each seat's time,
// the running one ticking, the claim of a win on time). The server keeps the time; the page
// only counts down between two reads.
import { api } from './api.js';
import { h, clear, cap } from './dom.js';

const DAY = 24 * 3600;
// The choices of the new-game form: [label, clock or null].
export const CLOCK_CHOICES = [
  ['No clock', null],
  ['1 day per move', { kind: 'per_move', per_move_s: DAY }],
  ['3 days per move', { kind: 'per_move', per_move_s: 3 * DAY }],
  ['7 days per move', { kind: 'per_move', per_move_s: 7 * DAY }],
  ['Bank 3 days + 1 day a move', { kind: 'bank', bank_s: 3 * DAY, increment_s: DAY }],
  ['Bank 10 days + 1 day a move', { kind: 'bank', bank_s: 10 * DAY, increment_s: DAY }],
  ['Bank 1 hour + 2 minutes a move', { kind: 'bank', bank_s: 3600, increment_s: 120 }],
];

// "2d 4h", "3h 05m", "4:09" (minutes:seconds under an hour).
export function formatLeft(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / DAY);
  const hrs = Math.floor((s % DAY) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${hrs}h`;
  if (hrs > 0) return `${hrs}h ${String(m).padStart(2, '0')}m`;
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

export function controlText(control) {
  if (!control) return 'No clock';
  const dur = (sec) => (sec % DAY === 0 ? `${sec / DAY} day${sec === DAY ? '' : 's'}` : sec % 3600 === 0 ? `${sec / 3600} h` : `${Math.round(sec / 60)} min`);
  const base = control.kind === 'per_move' ? `${dur(control.per_move_s)} per move`
    : `bank ${dur(control.bank_s)} + ${dur(control.increment_s)} a move`;
  return `${base}, ${control.on_timeout === 'lose' ? 'out of time loses' : 'opponent may claim on time'}`;
}

// The time-control fields of the new-game form; value() is the "clock" of POST /api/games.
export function clockFields() {
  const kind = h('select', { name: 'clock' }, CLOCK_CHOICES.map(([label], i) => h('option', { value: String(i) }, label)));
  const timeout = h('select', { name: 'on_timeout' },
    h('option', { value: 'claim' }, 'the opponent may claim the win'),
    h('option', { value: 'lose' }, 'the game is lost at once'));
  const el = h('div', { class: 'clock-fields' },
    h('label', {}, 'Clock', kind),
    h('label', {}, 'When the time runs out', timeout));
  const sync = () => { timeout.disabled = kind.value === '0'; };
  kind.addEventListener('change', sync);
  sync();
  return {
    el,
    value() {
      const c = CLOCK_CHOICES[Number(kind.value)][1];
      return c ? { ...c, on_timeout: timeout.value } : null;
    },
  };
}

// The lobby's line for a game's clock: "Allied 2d 4h left" or "Japanese out of time".
export function lobbyClockText(clock) {
  if (!clock) return '';
  if (clock.expired) return `${cap(clock.expired)} out of time`;
  if (!clock.running) return controlText(clock.control);
  return `Clock: ${cap(clock.running)} ${formatLeft(clock.seats[clock.running].left_ms)} left`;
}

// The clock of the game page: gameClock(id, onClaimed).el goes in the header; refresh(state)
// after each load; it ticks every second and stops with destroy().
export function gameClock(id, onClaimed) {
  const el = h('div', { class: 'clock', id: 'game-clock', hidden: true, 'aria-live': 'off' });
  let clock = null;
  let readAt = 0;
  let state = null;
  let token = 0;
  function draw() {
    if (!clock) { el.hidden = true; return; }
    el.hidden = false;
    const gone = Date.now() - readAt;
    const seats = Object.entries(clock.seats).sort(([a], [b]) => (b === state.seat) - (a === state.seat));
    const rows = seats.map(([seat, c]) => {
      const left = c.running ? c.left_ms - gone : c.left_ms;
      const low = c.running && left < 0.25 * (clock.control.per_move_s || clock.control.bank_s) * 1000;
      return h('span', { class: `clock-seat${c.running ? ' running' : ''}${low ? ' low' : ''}${clock.expired === seat ? ' out' : ''}`,
                         'data-seat': seat },
        `${cap(seat)} `, h('b', {}, clock.expired === seat ? 'out of time' : formatLeft(left)));
    });
    const claim = clock.expired && clock.expired !== state.seat && state.status === 'active'
      ? h('button', { type: 'button', id: 'claim-timeout', onclick: claimWin }, 'Claim the win on time') : null;
    clear(el).append(h('span', { class: 'clock-control muted' }, 'Clock'), ...rows, ...(claim ? [claim] : []));
    el.title = controlText(clock.control);
  }
  async function claimWin() {
    try {
      await api.claimTimeout(id);
      onClaimed(null);
    } catch (e) {
      onClaimed(e.message);
    }
  }
  const timer = setInterval(() => { if (clock && clock.running) draw(); }, 1000);
  return {
    el,
    async refresh(st) {
      state = st;
      const mine = ++token;
      try {
        const r = await api.clock(id);
        if (mine !== token) return;
        clock = r.clock;
        readAt = Date.now();
      } catch {
        clock = null;
      }
      draw();
    },
    destroy() { clearInterval(timer); },
  };
}
