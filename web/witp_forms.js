// Forms built from the server's own descriptions of the calculators (their arguments and rule
// section) and of the book changes (their fields): every rule stays in the server's src/witp.
import { h } from './dom.js';
import { witpApi } from './witp_api.js';

let uid = 0;

// One input for an argument or field: {el, name, read()}; read() gives undefined when left empty.
function field(name, kind, help, required, choices, preset) {
  const id = `witp-f${++uid}`;
  const text = `${name}${required && kind !== 'flag' ? ' *' : ''}`;
  if (kind === 'flag') {
    const box = h('input', { type: 'checkbox', id, name, checked: !!preset });
    return { name, el: h('label', { class: 'check', for: id }, box, h('span', {}, h('b', {}, name), ` ${help}`)),
             read: () => box.checked };
  }
  let input;
  if (kind === 'choice') {
    input = h('select', { id, name },
      required ? null : h('option', { value: '' }, '—'),
      choices.map((c) => h('option', { value: c, selected: preset === c }, c)));
  } else {
    const attrs = { id, name, type: 'text', autocomplete: 'off' };
    if (kind === 'integer') attrs.inputmode = 'numeric';
    if (kind === 'cycle') attrs.placeholder = '0/C/YY';
    if (kind === 'die') attrs.placeholder = 'as rolled, or roll';
    if (kind === 'integers') attrs.placeholder = 'numbers separated by spaces';
    input = h('input', attrs);
    if (preset !== undefined) input.value = String(preset);
  }
  return {
    name,
    el: h('label', { for: id }, h('span', { class: 'fname' }, text), h('span', { class: 'fhelp' }, ` ${help}`), input),
    read: () => (input.value.trim() === '' ? undefined : input.value.trim()),
  };
}

function readAll(fields) {
  const out = {};
  for (const f of fields) {
    const v = f.read();
    if (v !== undefined && v !== false) out[f.name] = v;
  }
  return out;
}

function argKindHelp(a) {
  if (a.kind === 'die') return `${a.help} (${a.dice}D${a.sides === 10 ? '10, 0-9' : a.sides})`;
  if (!a.required && a.default) return `${a.help} (default ${a.default})`;
  return a.help;
}

function value(v) {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

// The result of a calculator run: its section and every result field.
export function runView(run) {
  const rows = Object.entries(run.result || {}).map(([k, v]) => [h('dt', {}, k.replace(/_/g, ' ')), h('dd', {}, value(v))]);
  const dice = run.inputs && run.inputs.dice_rolled ? h('p', { class: 'small muted' }, `Dice rolled: ${value(run.inputs.dice_rolled)}${run.seed !== undefined ? ` (seed ${run.seed})` : ''}`) : null;
  return h('div', { class: 'witp-result' }, h('p', { class: 'small' }, `Result (${run.section} ${run.calculator})`), h('dl', {}, rows), dice);
}

function outcome() {
  return h('div', { class: 'witp-out', role: 'status', 'aria-live': 'polite' });
}

function showError(out, e) {
  out.replaceChildren(...[h('p', { class: 'error', role: 'alert' }, e.message),
    e.body && e.body.problems ? h('ul', { class: 'small error' }, e.body.problems.map((p) => h('li', {}, `${p.where}: ${p.problem}`))) : null].filter(Boolean));
}

// A calculator as a form citing its rule; with `canPost` and a posting, it can post the result.
export function calculatorForm(calc, { campaignId, canPost, onChanged, preset = {}, postPreset = {} }) {
  const fields = calc.args.map((a) => field(a.name, a.kind, argKindHelp(a), a.required, [], preset[a.name]));
  const post = calc.posting && canPost
    ? calc.posting.args.map((a) => field(a.name, a.kind, a.help, a.required, [], postPreset[a.name])) : [];
  const out = outcome();
  async function run(posting) {
    out.replaceChildren(h('p', { class: 'muted' }, 'Working…'));
    try {
      const r = await witpApi.calculate(campaignId, calc.name, readAll(fields), posting, posting ? readAll(post) : {});
      out.replaceChildren(...[runView(r.run), r.summary ? h('p', { class: 'witp-summary' }, `Books: ${r.summary}`) : null].filter(Boolean));
      if (posting && onChanged) onChanged(r);
    } catch (e) {
      showError(out, e);
    }
  }
  const form = h('form', { class: 'witp-form', 'data-calculator': calc.name, onsubmit: (ev) => { ev.preventDefault(); run(false); } },
    h('h3', {}, h('span', { class: 'section' }, calc.section), ` ${calc.name}`),
    h('p', { class: 'small muted' }, calc.summary, calc.uses_tables ? ' Uses your chartbook tables.' : ''),
    h('div', { class: 'fields' }, fields.map((f) => f.el)),
    post.length || (calc.posting && canPost)
      ? h('fieldset', {}, h('legend', {}, `To the books: ${calc.posting.what}`), post.map((f) => f.el)) : null,
    h('div', { class: 'row' },
      h('button', { type: 'submit', class: calc.posting && canPost ? 'secondary' : '' }, 'Calculate'),
      calc.posting && canPost ? h('button', { type: 'button', class: 'post', onclick: () => run(true) }, 'Calculate and post to the books') : null),
    out);
  return form;
}

// A book change as a form; `hidden` fields are fixed by the page (e.g. the cause at A.3).
export function bookForm(change, { campaignId, onChanged, preset = {}, hidden = {}, label }) {
  // A form fixed to one side leaves out the fields only the other side uses ("Japanese: ...").
  const other = hidden.side === 'allied' ? 'Japanese:' : hidden.side === 'japanese' ? 'Allied:' : null;
  const fields = change.fields.filter((f) => !(f.key in hidden) && !(other && f.help.startsWith(other)))
    .map((f) => field(f.key, f.kind, f.help, f.required, f.choices, preset[f.key]));
  const out = outcome();
  const form = h('form', { class: 'witp-form', 'data-change': change.change, onsubmit: async (ev) => {
    ev.preventDefault();
    out.replaceChildren(h('p', { class: 'muted' }, 'Working…'));
    try {
      const r = await witpApi.book(campaignId, change.change, { ...hidden, ...readAll(fields) });
      out.replaceChildren(h('p', { class: 'witp-summary' }, r.summary));
      if (onChanged) onChanged(r);
    } catch (e) {
      showError(out, e);
    }
  } },
    h('h3', {}, h('span', { class: 'section' }, change.section), ` ${change.title}`),
    Object.keys(hidden).length ? h('p', { class: 'small muted' }, Object.entries(hidden).map(([k, v]) => `${k}=${v}`).join(' ')) : null,
    h('div', { class: 'fields' }, fields.map((f) => f.el)),
    h('div', { class: 'row' }, h('button', { type: 'submit' }, label || `Apply: ${change.change}`)),
    out);
  return form;
}

export { showError };
