// The chartbook tables in the browser: one table at a time as a small typed form (its columns
// from the server's description of the schema, GET /api/witp/catalog "tables"), and the schema's
// explanation (data/witp/tables.schema.md, GET /api/witp/tables-schema) as a page, #/witp/schema.
import { h, clear } from './dom.js';
import { witpApi } from './witp_api.js';

let uid = 0;

// The campaign's tables document with `rows` for table `name`: the one it holds, or the
// template (every table, no rows) when it holds none yet.
export function withTable(document, template, name, rows) {
  const doc = JSON.parse(JSON.stringify(document || template));
  doc.tables = doc.tables || {};
  doc.tables[name] = { ...(doc.tables[name] || {}), rows };
  return doc;
}

// A form for one table: a row of inputs per chartbook row (numbers as numbers), rows added and
// removed, saved to the campaign (POST .../tables) with the other tables as they are; `document`
// gives the rows shown at first.
// `onSaved(answer)` runs after the save (the calculator that needed it runs again).
export function tableForm(desc, { campaignId, document, template, onSaved }) {
  const n = ++uid;
  const held = document && document.tables && document.tables[desc.name] ? document.tables[desc.name].rows || [] : [];
  const body = h('tbody');
  const out = h('div', { class: 'witp-out', role: 'status', 'aria-live': 'polite' });
  function addRow(values = {}) {
    const index = body.children.length + 1;
    const cells = desc.columns.map((c) => {
      const attrs = { name: c.name, 'aria-label': `${c.label}, row ${index}`, autocomplete: 'off' };
      if (c.kind === 'integer') {
        attrs.type = 'number';
        attrs.step = '1';
        if (c.min !== undefined) attrs.min = String(c.min);
      } else {
        attrs.type = 'text';
      }
      const input = h('input', attrs);
      if (values[c.name] !== undefined) input.value = String(values[c.name]);
      return h('td', {}, input);
    });
    const tr = h('tr', {}, cells, h('td', {}, h('button', { type: 'button', class: 'link', onclick: () => tr.remove() }, `Remove row ${index}`)));
    body.append(tr);
    return tr;
  }
  (held.length ? held : [{}]).forEach((r) => addRow(r));
  function rows() {
    const list = [];
    for (const tr of body.children) {
      const row = {};
      let any = false;
      for (const input of tr.querySelectorAll('input')) {
        const v = input.value.trim();
        if (v === '') continue;
        any = true;
        const col = desc.columns.find((c) => c.name === input.name);
        row[input.name] = col.kind === 'integer' ? Number(v) : v;
      }
      if (any) list.push({ row, tr });
    }
    return list;
  }
  const form = h('form', { class: 'witp-form witp-table-form', novalidate: true, 'data-table': desc.name, onsubmit: async (ev) => {
    ev.preventDefault();
    const given = rows();
    for (const { row, tr } of given) {
      for (const c of desc.columns) {
        const input = tr.querySelector(`input[name="${c.name}"]`);
        input.removeAttribute('aria-invalid');
        const bad = row[c.name] === undefined ? `${c.label} is required in every row.`
          : c.kind === 'integer' && !Number.isInteger(row[c.name]) ? `${c.label} must be a whole number.`
            : c.min !== undefined && row[c.name] < c.min ? `${c.label} must be at least ${c.min}.` : null;
        if (bad) {
          input.setAttribute('aria-invalid', 'true');
          input.focus();
          out.replaceChildren(h('p', { class: 'error', role: 'alert' }, bad));
          return;
        }
      }
    }
    out.replaceChildren(h('p', { class: 'muted' }, 'Saving…'));
    try {
      // The other tables as the campaign holds them now (another tab may have saved one).
      const now = (await witpApi.get(campaignId)).tables;
      const r = await witpApi.setTables(campaignId, withTable(now.entered ? now.document : null, template, desc.name, given.map((g) => g.row)));
      out.replaceChildren(h('p', { class: 'witp-summary' }, `Saved: ${desc.title}, ${given.length} ${given.length === 1 ? 'row' : 'rows'}.`));
      if (onSaved) onSaved(r);
    } catch (e) {
      out.replaceChildren(h('p', { class: 'error', role: 'alert' }, e.message));
    }
  } },
  h('div', { class: 'table-wrap' }, h('table', { class: 'witp-table' },
    h('caption', {}, desc.title),
    h('thead', {}, h('tr', {}, desc.columns.map((c) => h('th', { scope: 'col' }, c.label)), h('th', { scope: 'col' }, h('span', { class: 'sr' }, 'Remove')))),
    body)),
  h('div', { class: 'row' },
    h('button', { type: 'button', class: 'secondary', id: `witp-table-add-${n}`, onclick: () => addRow().querySelector('input').focus() }, 'Add a row'),
    h('button', { type: 'submit' }, 'Save this table')),
  out);
  return form;
}

// Under a calculator's refusal for want of a chartbook table (the answer's "table"), the form
// for exactly that table; once saved, `onSaved` runs and then `rerun` (the calculator again).
export function offerTable(e, rerun, out, { campaignId, catalog, document, owner, onSaved }) {
  const desc = e.body && e.body.table && catalog.tables && catalog.tables.find((t) => t.name === e.body.table);
  if (!desc || !owner) return;
  out.append(h('div', { class: 'witp-guided' },
    h('h4', {}, `Enter the ${desc.title}`),
    h('p', { class: 'small muted' }, 'Type its rows from your chartbook. ', h('a', { href: '#/witp/schema' }, 'What this table holds')),
    tableForm(desc, { campaignId, document, template: catalog.tables_template,
      onSaved: async (r) => { if (onSaved) await onSaved(r); rerun(); } })));
  out.querySelector('.witp-guided input')?.focus();
}

// Inline `code` of a line of the schema's text.
function inline(text) {
  return text.split(/(`[^`]*`)/).map((part) => (part.startsWith('`') && part.endsWith('`') && part.length > 1
    ? h('code', {}, part.slice(1, -1)) : part));
}

// The schema's Markdown as headings, paragraphs and code blocks (its own small subset).
export function markdownView(text) {
  const out = [];
  let para = [];
  let code = null;
  const flush = () => { if (para.length) out.push(h('p', {}, inline(para.join(' ')))); para = []; };
  for (const line of text.split('\n')) {
    if (code !== null) {
      if (line.startsWith('```')) { out.push(h('pre', {}, h('code', {}, code.join('\n')))); code = null; } else code.push(line);
      continue;
    }
    if (line.startsWith('```')) { flush(); code = []; continue; }
    const m = /^(#{1,3}) (.*)$/.exec(line);
    if (m) {
      flush();
      if (m[1].length > 1) out.push(h(m[1].length === 2 ? 'h2' : 'h3', {}, inline(m[2])));
      continue;
    }
    if (line.trim() === '') { flush(); continue; }
    para.push(line.trim());
  }
  flush();
  return out;
}

// #/witp/schema: what each chartbook table holds.
export function showSchema(ctx) {
  const box = h('section', { class: 'card witp-schema' }, h('h1', {}, 'Chartbook tables: what each holds'),
    h('p', {}, h('a', { href: '#/witp' }, 'Back to my campaigns')));
  const text = h('div', {}, h('p', { class: 'muted' }, 'Loading…'));
  box.append(text);
  ctx.page.append(h('div', { class: 'witp' }, box));
  witpApi.tablesSchema().then((r) => clear(text).append(...markdownView(r.markdown)),
    (e) => clear(text).append(h('p', { class: 'error', role: 'alert' }, e.message)));
  return { destroy() {} };
}
