// Forms built from the server's own descriptions of the calculators (their arguments and rule
// section) and of the book changes (their fields): every rule stays in the server's src/witp.
import { h } from './dom.js';
import { witpApi } from './witp_api.js';

let uid = 0;

// One control for an argument or field, as the server describes it (src/witp's catalog): its
// label, type (choices as a select or a searchable list, numbers as numbers with the rules'
// bounds, dice as numbers with their range, flags as tick boxes) and its rule section beside it.
// Gives {el, name, input, error, read()}; read() gives undefined when left empty.
function field(d, preset) {
  const { name, kind } = d;
  const label = d.label || name;
  const id = `witp-f${++uid}`;
  const error = h('span', { class: 'ferror', id: `${id}-err` });
  const section = d.section ? h('span', { class: 'section fsec', title: `Rule ${d.section}` }, d.section) : null;
  if (kind === 'flag') {
    const box = h('input', { type: 'checkbox', id, name, checked: !!preset });
    return { name, input: box, error,
      el: h('div', { class: 'field' }, h('label', { class: 'check', for: id }, box, h('span', {}, h('b', {}, label), ` ${d.help}`)), section, error),
      read: () => box.checked };
  }
  const choices = (d.choices || []).map((c) => (typeof c === 'string' ? { value: c, label: c } : c));
  let input;
  let roll = null;
  let list = null;
  if (choices.length && !d.open) {
    input = h('select', { id, name },
      h('option', { value: '' }, d.required ? 'Choose…' : d.default ? `— (${choices.find((c) => c.value === d.default)?.label || d.default})` : '—'),
      choices.map((c) => h('option', { value: c.value, selected: preset === c.value }, c.label)));
  } else {
    const attrs = { id, name, type: 'text', autocomplete: 'off' };
    if (kind === 'integer' || kind === 'die') {
      attrs.type = 'number';
      attrs.step = '1';
      if (d.min !== undefined) attrs.min = String(d.min);
      if (d.max !== undefined) attrs.max = String(d.max);
      if (!d.required && d.default) attrs.placeholder = `default ${d.default}`;
    }
    if (kind === 'cycle') attrs.placeholder = '0/C/YY';
    if (kind === 'integers') { attrs.inputmode = 'numeric'; attrs.placeholder = 'numbers separated by spaces'; }
    if (choices.length) {
      list = h('datalist', { id: `${id}-list` }, choices.map((c) => h('option', { value: c.value }, c.label)));
      attrs.list = list.id;
      attrs.placeholder = `e.g. ${choices.slice(0, 3).map((c) => c.value).join(', ')}`;
    }
    input = h('input', attrs);
    if (preset !== undefined) input.value = String(preset);
    if (kind === 'die') {
      roll = h('input', { type: 'checkbox', id: `${id}-roll`, name: `${name}-roll` });
      roll.addEventListener('change', () => { input.disabled = roll.checked; });
    }
  }
  const range = kind === 'die' ? ` (${d.dice}D${d.sides === 10 ? '10, 0-9' : d.sides}: ${d.min} to ${d.max})`
    : '';
  const help = `${d.help}${range}${!d.required && d.default && kind !== 'flag' && !choices.length ? ` (default ${d.default})` : ''}`;
  const helpId = `${id}-help`;
  input.setAttribute('aria-describedby', helpId);
  // The server's sentences say what is wrong (the forms are novalidate): marked, not enforced.
  if (d.required) input.setAttribute('aria-required', 'true');
  return {
    name, input, error,
    el: h('div', { class: 'field' },
      h('label', { for: id }, h('span', { class: 'fname' }, label, d.required ? h('span', { 'aria-hidden': 'true' }, ' *') : null)),
      section, h('span', { class: 'fhelp', id: helpId }, help), input, list,
      roll ? h('label', { class: 'check small', for: roll.id }, roll, ' the server rolls') : null, error),
    read: () => {
      if (roll && roll.checked) return 'roll';
      return input.value.trim() === '' ? undefined : input.value.trim();
    },
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

// Marks the field a refusal names (the answer's "field"): aria-invalid, the sentence beside it
// (aria-describedby) and the focus; clears the marks of an earlier refusal.
function markField(fields, e) {
  for (const f of fields) {
    f.input.removeAttribute('aria-invalid');
    f.error.textContent = '';
    const ids = (f.input.getAttribute('aria-describedby') || '').split(' ').filter((x) => x && x !== f.error.id);
    f.input.setAttribute('aria-describedby', ids.join(' '));
  }
  const name = e && e.body && e.body.field;
  const f = name && fields.find((x) => x.name === name);
  if (!f) return false;
  f.input.setAttribute('aria-invalid', 'true');
  f.error.textContent = e.body.message || e.message;
  f.input.setAttribute('aria-describedby', `${f.input.getAttribute('aria-describedby')} ${f.error.id}`.trim());
  f.input.focus();
  return true;
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
    e.body && e.body.problems ? h('ul', { class: 'small error' }, e.body.problems.map((p) => h('li', {}, `${p.words || p.where}: ${p.problem}`))) : null].filter(Boolean));
}

// A calculator as a form citing its rule; with `canPost` and a posting, it can post the result.
// `onRefused(error, rerun, out)` sees a refusal (the page offers a missing chartbook table).
export function calculatorForm(calc, { campaignId, canPost, onChanged, onRefused, preset = {}, postPreset = {} }) {
  const fields = calc.args.map((a) => field(a, preset[a.name]));
  const post = calc.posting && canPost ? calc.posting.args.map((a) => field(a, postPreset[a.name])) : [];
  const out = outcome();
  async function run(posting) {
    out.replaceChildren(h('p', { class: 'muted' }, 'Working…'));
    try {
      const r = await witpApi.calculate(campaignId, calc.name, readAll(fields), posting, posting ? readAll(post) : {});
      out.replaceChildren(...[runView(r.run), r.summary ? h('p', { class: 'witp-summary' }, `Books: ${r.summary}`) : null].filter(Boolean));
      markField([...fields, ...post], null);
      if (posting && onChanged) onChanged(r);
    } catch (e) {
      showError(out, e);
      markField(e.body && e.body.path && e.body.path.startsWith('post_args.') ? post : fields, e);
      if (onRefused) onRefused(e, () => run(posting), out);
    }
  }
  const form = h('form', { class: 'witp-form', novalidate: true, 'data-calculator': calc.name, onsubmit: (ev) => { ev.preventDefault(); run(false); } },
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
  // Its fields are described as a calculator's arguments are (src/witp/book_changes.h).
  const fields = change.fields.filter((f) => !(f.name in hidden) && !(other && f.help.startsWith(other)))
    .map((f) => field(f, preset[f.name]));
  const out = outcome();
  const form = h('form', { class: 'witp-form', novalidate: true, 'data-change': change.change, onsubmit: async (ev) => {
    ev.preventDefault();
    out.replaceChildren(h('p', { class: 'muted' }, 'Working…'));
    try {
      const r = await witpApi.book(campaignId, change.change, { ...hidden, ...readAll(fields) });
      markField(fields, null);
      out.replaceChildren(h('p', { class: 'witp-summary' }, r.summary));
      if (onChanged) onChanged(r);
    } catch (e) {
      showError(out, e);
      markField(fields, e);
    }
  } },
    h('h3', {}, h('span', { class: 'section' }, change.section), ` ${change.title}`),
    Object.keys(hidden).length ? h('p', { class: 'small muted' }, Object.entries(hidden).map(([k, v]) => {
      const f = change.fields.find((x) => x.name === k);
      const c = f && (f.choices || []).find((x) => x.value === v);
      return `${f ? f.label : k}: ${c ? c.label : v}`;
    }).join(' · ')) : null,
    h('div', { class: 'fields' }, fields.map((f) => f.el)),
    h('div', { class: 'row' }, h('button', { type: 'submit' }, label || `Record: ${change.title}`)),
    out);
  return form;
}

export { showError };
