// The Strategic G/T (50.0) as a guided page: the segments in order, what the books say at each
// (the server's checklist notes, the same the terminal prints), and at the segments where the
// books change, the forms for it (book changes and calculators, each citing its rule).
import { h, clear } from './dom.js';
import { witpApi } from './witp_api.js';
import { calculatorForm, bookForm, showError } from './witp_forms.js';
import { offerTable } from './witp_tables.js';

// Per segment: the book changes ({book, hidden, preset}) and calculators ({calc}) used there.
const STEPS = {
  'A.3': [{ book: 'msp-loss', hidden: { cause: 'submarines' }, label: 'Record the MSPs lost' }],
  'A.4': [{ book: 'msp-arrivals', label: 'Add the converted MSPs due' }, { calc: 'msp-conversion' }, { book: 'msp-to-msu' }],
  'B.1': [{ book: 'si', hidden: { side: 'allied' }, label: 'Record the Allied SI level' },
    { book: 'si', hidden: { side: 'japanese' }, label: 'Record the Japanese SI level' }, { book: 'magic-played' }],
  'C.2': [{ calc: 'mining' }, { calc: 'strategic-strike' }],
  'D.3': [{ book: 'assign' }, { book: 'reserve' }, { book: 'future-ops' }],
  'D.4': [{ calc: 'tokyo-express' }, { calc: 'emergency-link' }, { calc: 'cargo-aps' }],
  'E.2': [{ calc: 'air-attrition' }],
  'E.3': [{ calc: 'attrition-timing' }, { book: 'attrition-chit' }],
  'F.3': [{ calc: 'mtb-available' }],
  'G.1': [{ calc: 'china-garrison' }],
  'G.2': [{ book: 'repaired' }],
  'H.2': [{ calc: 'bomb-repair' }],
  'J.1': [{ book: 'next-cycle', label: 'Carry over and advance the cycle' }],
};

export function turnView({ id, sub, catalog, owner, onChanged, go }) {
  const root = h('div', { class: 'witp-turn' }, h('p', { class: 'muted' }, 'Loading…'));
  let list = null;
  async function load() {
    try {
      list = await witpApi.checklist(id);
      draw();
    } catch (e) {
      showError(clear(root), e);
    }
  }
  function draw() {
    const segments = list.segments;
    const at = Math.max(0, segments.findIndex((s) => s.code === sub));
    const seg = segments[at];
    const link = (s) => `#/witp/${id}/turn/${s.code}`;
    const steps = h('ol', { class: 'witp-steps', 'aria-label': 'Segments of the Strategic G/T' }, segments.map((s, i) =>
      h('li', { class: i < at ? 'past' : i === at ? 'now' : '' },
        h('a', { href: link(s), 'aria-current': i === at ? 'step' : null }, h('b', {}, s.code), ` ${s.title}`))));
    const refresh = async (r) => {
      await onChanged(r);
      const again = await witpApi.checklist(id);
      list = again;
      notes.replaceChildren(...noteItems(again.segments[at]));
      cycle.textContent = `Strategic G/T at the end of ${again.cycle}`;
    };
    const noteItems = (s) => (s.notes.length ? s.notes.map((n) => h('li', {}, n)) : [h('li', { class: 'muted' }, 'Nothing in the books for this segment.')]);
    const notes = h('ul', { class: 'witp-notes', 'aria-label': 'The books at this segment' }, noteItems(seg));
    const cycle = h('p', { class: 'small muted', id: 'witp-turn-cycle' }, `Strategic G/T at the end of ${list.cycle}`);
    const forms = (STEPS[seg.code] || []).map((step) => {
      if (step.book) {
        if (!owner) return null;
        const change = catalog.book_changes.find((c) => c.change === step.book);
        return change && bookForm(change, { campaignId: id, hidden: step.hidden || {}, label: step.label, onChanged: refresh });
      }
      const calc = catalog.calculators.find((c) => c.name === step.calc);
      return calc && calculatorForm(calc, { campaignId: id, canPost: owner, onChanged: refresh,
        onRefused: (e, rerun, out) => offerTable(e, rerun, out, { campaignId: id, catalog, owner, onSaved: onChanged }) });
    }).filter(Boolean);
    const prev = at > 0 ? h('a', { class: 'button secondary', href: link(segments[at - 1]), id: 'witp-prev' }, `← ${segments[at - 1].code}`) : null;
    const next = at + 1 < segments.length
      ? h('a', { class: 'button', href: link(segments[at + 1]), id: 'witp-next' }, `Done: next ${segments[at + 1].code} →`)
      : h('a', { class: 'button', href: `#/witp/${id}/books`, id: 'witp-next' }, 'Strategic G/T done: the books');
    clear(root).append(
      h('nav', { class: 'card witp-steps-card' }, cycle, steps),
      h('section', { class: 'card witp-segment', 'data-segment': seg.code },
        h('h2', { tabindex: '-1', id: 'witp-segment-title' }, h('span', { class: 'section' }, seg.code), ` ${seg.title}`),
        h('p', {}, seg.what),
        notes,
        h('div', { class: 'witp-forms' }, forms),
        h('div', { class: 'row witp-nav' }, prev, next)));
    if (sub) root.querySelector('#witp-segment-title').focus({ preventScroll: false });
  }
  load();
  void go;
  return root;
}
