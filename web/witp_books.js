// The books of a War in the Pacific campaign as a page: each side's CPs by HQ and cycle, the
// reserve and future operations pools, SI levels, then every log and ledger of the campaign.
import { h } from './dom.js';

const TITLES = {
  ship_repair_log: 'Ship Repair Log (36)',
  repaired_ships: 'Repaired ships to redeploy (50.0 G.2)',
  refit_yard_log: 'Refit/Yard Period Log (36.5, 36.6)',
  naval_attrition_removed: 'Naval attrition chits out of the cups (37.2.2)',
  base_log: 'Base Log (32.1.1)',
  merchant_shipping: 'Merchant shipping (56.4, 57)',
  mining_attacks: 'Mining attacks this Strategic G/T (56.4.4)',
  china: 'China after its surrender (47.17)',
  railcap_demolitions: 'Railcap demolitions (35.7.1)',
  yamamoto: 'Yamamoto Mission (42.7)',
  gt: 'G/Ts of this cycle advanced (36.0)',
};

function scalar(v) {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

const label = (k) => String(k).replace(/_/g, ' ');

// Any JSON value as nested definition lists and tables (an array of records is a table).
export function jsonView(v) {
  if (v === null || typeof v !== 'object') return h('span', {}, scalar(v));
  if (Array.isArray(v)) {
    if (!v.length) return h('span', { class: 'muted' }, 'none');
    if (v.every((x) => x && typeof x === 'object' && !Array.isArray(x))) {
      const keys = [...new Set(v.flatMap((x) => Object.keys(x)))];
      // Focusable, so a table wider than its column scrolls by keyboard too.
      return h('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': `Table: ${keys.map(label).join(', ')}` }, h('table', { class: 'witp-table' },
        h('thead', {}, h('tr', {}, keys.map((k) => h('th', { scope: 'col' }, label(k))))),
        h('tbody', {}, v.map((x) => h('tr', {}, keys.map((k) => h('td', {}, k in x ? jsonView(x[k]) : '')))))));
    }
    return h('span', {}, v.map(scalar).join(', '));
  }
  const entries = Object.entries(v);
  if (!entries.length) return h('span', { class: 'muted' }, 'none');
  return h('dl', {}, entries.map(([k, x]) => [h('dt', {}, label(k)), h('dd', {}, jsonView(x))]));
}

function hqTable(hqs) {
  const rows = [];
  for (const [hq, record] of Object.entries(hqs || {})) {
    for (const [cycle, e] of Object.entries(record.cycles || {})) rows.push({ hq, cycle, ...e, ...(record.china ? { china: true } : {}) });
  }
  if (!rows.length) return h('p', { class: 'muted' }, 'No HQ has CPs yet (Book changes: assign, 28.4).');
  return jsonView(rows);
}

function sideCard(side, data) {
  const { hqs, ...rest } = data;
  return h('section', { class: 'card witp-side', 'data-side': side },
    h('h2', {}, side === 'allied' ? 'Allied' : 'Japanese'),
    h('h3', {}, 'CPs by HQ and cycle (28)'), hqTable(hqs),
    h('h3', {}, 'Pools and levels'), jsonView(rest));
}

export function booksView(view) {
  const books = view.books;
  const parts = [h('p', {}, h('b', {}, `Cycle ${view.cycle}`),
    view.role === 'reader' ? ` · read-only, kept by ${view.owner}` : '')];
  for (const [side, data] of Object.entries(books.sides || {})) parts.push(sideCard(side, data));
  for (const [key, v] of Object.entries(books)) {
    if (key === 'sides' || key === 'cycle') continue;
    parts.push(h('section', { class: 'card', 'data-book': key }, h('h2', {}, TITLES[key] || label(key)), jsonView(v)));
  }
  return h('div', { class: 'witp-books' }, parts);
}
