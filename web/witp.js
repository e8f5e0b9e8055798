// #/witp: the War in the Pacific campaign assistant. #/witp lists my campaigns and those shared
// with me; #/witp/ID/TAB shows one (books, Strategic G/T, calculators, book changes, log, tables,
// sharing); #/witp/shared/TOKEN takes a share link; #/witp/schema explains the chartbook tables. Rules are all the server's (src/witp).
import { h, clear } from './dom.js';
import { witpApi } from './witp_api.js';
import { booksView, jsonView } from './witp_books.js';
import { calculatorForm, bookForm, showError } from './witp_forms.js';
import { turnView } from './witp_turn.js';
import { tableForm, showSchema, offerTable as guidedTable } from './witp_tables.js';

const TABS = [['books', 'Books'], ['turn', 'Strategic G/T'], ['calculators', 'Calculators'], ['changes', 'Book changes'],
  ['log', 'Log'], ['tables', 'Chartbook tables'], ['sharing', 'Sharing']];

export function showWitp(ctx, parts) {
  if (parts[0] === 'shared' && parts[1]) return showJoin(ctx, parts[1]);
  if (parts[0] === 'schema') return showSchema(ctx);
  if (parts[0]) return showCampaign(ctx, parts[0], parts[1] || 'books', parts.slice(2).join('/'));
  return showList(ctx);
}

function showJoin(ctx, token) {
  const box = h('div', { class: 'card' }, h('p', {}, 'Opening the shared campaign…'));
  ctx.page.append(box);
  witpApi.join(token).then((r) => ctx.go(`#/witp/${r.id}/books`),
    (e) => box.replaceChildren(h('h2', {}, 'Shared campaign'), h('p', { class: 'error', role: 'alert' }, e.message),
      h('a', { href: '#/witp' }, 'My campaigns')));
  return { destroy() {} };
}

function showList(ctx) {
  const list = h('div', { id: 'witp-campaigns' }, h('p', { class: 'muted' }, 'Loading…'));
  const out = h('div', { role: 'status', 'aria-live': 'polite' });
  const name = h('input', { id: 'witp-name', name: 'name', autocomplete: 'off' });
  const start = h('input', { id: 'witp-start', name: 'start_cycle', value: '0/1/42', placeholder: '0/C/YY' });
  const form = h('form', { class: 'card', id: 'witp-create', onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      const r = await witpApi.create(name.value.trim(), start.value.trim());
      ctx.go(`#/witp/${r.id}/tables`);
    } catch (e) {
      showError(out, e);
    }
  } },
  h('h2', {}, 'New campaign'),
  h('p', { class: 'small muted' }, 'The books of War in the Pacific (Rule Book II), kept by the server. Enter your chartbook tables once, then play the Strategic G/T step by step.'),
  h('label', { for: 'witp-name' }, 'Name', name),
  h('label', { for: 'witp-start' }, 'Starting cycle (50.0)', start),
  h('button', { type: 'submit' }, 'Create'), out);
  ctx.page.append(h('div', { class: 'lobby witp' },
    h('section', { class: 'card' }, h('h1', {}, 'War in the Pacific campaigns'), list), h('section', {}, form)));
  witpApi.list().then(({ campaigns }) => {
    clear(list);
    if (!campaigns.length) {
      list.append(h('p', { class: 'muted' }, 'No campaign yet: create one.'));
      return;
    }
    list.append(h('table', { class: 'games' },
      h('thead', {}, h('tr', {}, ['Campaign', 'Cycle', 'Kept by', 'Open'].map((t, i) => h('th', { scope: 'col' }, i === 3 ? h('span', { class: 'sr' }, t) : t)))),
      h('tbody', {}, campaigns.map((c) => h('tr', { 'data-campaign': c.id },
        h('td', {}, c.name), h('td', {}, c.cycle), h('td', {}, c.role === 'owner' ? 'me' : `${c.owner} (read-only)`),
        h('td', {}, h('a', { class: 'button', href: `#/witp/${c.id}/books` }, 'Open')))))));
  }, (e) => showError(list, e));
  return { destroy() {} };
}

function showCampaign(ctx, id, tab, sub) {
  const head = h('div', { class: 'witp-head' });
  const nav = h('nav', { class: 'witp-tabs', 'aria-label': 'Campaign pages' },
    TABS.map(([t, text]) => h('a', { href: `#/witp/${id}/${t}`, 'aria-current': t === tab ? 'page' : null, class: t === tab ? 'on' : '' }, text)));
  const body = h('div', { class: 'witp-body', id: 'witp-page', 'data-tab': tab });
  ctx.page.append(h('div', { class: 'witp' }, head, nav, body));
  let view = null;
  let catalog = null;
  let alive = true;
  // The share link's token as the answer that made it gave it: the server keeps only its hash.
  let shareToken = null;

  function drawHead() {
    clear(head).append(
      h('h1', {}, view.name),
      h('p', { class: 'witp-cycle' }, h('span', { id: 'witp-cycle', 'data-revision': String(view.revision) }, `Cycle ${view.cycle}`),
        view.role === 'reader' ? h('span', { class: 'tag' }, ` read-only · kept by ${view.owner}`) : null,
        view.tables.entered ? null : h('a', { class: 'warn', href: `#/witp/${id}/tables` }, ' · chartbook tables not entered yet')));
  }

  async function reload() {
    view = await witpApi.get(id);
    if (!alive) return;
    drawHead();
    body.dataset.revision = String(view.revision);
  }
  // After a change: the head and the page's own view of the books are fetched again.
  const changed = async () => {
    await reload();
    if (tab === 'books' || tab === 'log' || tab === 'sharing' || tab === 'tables') draw();
  };
  const owner = () => view.role === 'owner';

  function draw() {
    clear(body);
    if (tab === 'books') body.append(booksView(view));
    else if (tab === 'turn') body.append(turnView({ id, sub, catalog, view, owner: owner(), onChanged: reload, go: ctx.go }));
    else if (tab === 'calculators') body.append(calculatorsPage());
    else if (tab === 'changes') body.append(changesPage());
    else if (tab === 'log') body.append(logPage());
    else if (tab === 'tables') body.append(tablesPage());
    else if (tab === 'sharing') body.append(sharingPage());
  }

  function picker(items, labelOf, valueOf, render, idName, title) {
    const filter = h('input', { id: `${idName}-filter`, type: 'search', placeholder: 'filter by name or section', autocomplete: 'off' });
    const select = h('select', { id: `${idName}-select`, size: 12 });
    const slot = h('div', { class: 'witp-slot' });
    function fill() {
      const q = filter.value.trim().toLowerCase();
      clear(select).append(...items.filter((i) => labelOf(i).toLowerCase().includes(q))
        .map((i) => h('option', { value: valueOf(i), selected: valueOf(i) === sub }, labelOf(i))));
    }
    function show(v) {
      const item = items.find((i) => valueOf(i) === v);
      clear(slot);
      if (item) slot.append(render(item));
    }
    filter.addEventListener('input', fill);
    select.addEventListener('change', () => show(select.value));
    select.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); show(select.value); slot.querySelector('input,select')?.focus(); } });
    fill();
    if (sub) show(sub);
    return h('div', { class: 'witp-picker' },
      h('div', { class: 'card' }, h('h2', { class: 'sr' }, title), h('label', { for: filter.id }, title, filter), h('label', { for: select.id, class: 'sr' }, title), select),
      h('div', { class: 'card' }, slot));
  }

  function calculatorsPage() {
    return picker(catalog.calculators, (c) => `${c.section} ${c.name}${c.posting ? ' → books' : ''}`, (c) => c.name,
      (c) => calculatorForm(c, { campaignId: id, canPost: owner(), onChanged: changed, onRefused: offerTable }), 'witp-calc', 'Calculators (rule section)');
  }

  // A calculator refused for want of a chartbook table: the form for exactly that table, saved
  // to the campaign, then the calculator runs again.
  function offerTable(e, rerun, out) {
    guidedTable(e, rerun, out, { campaignId: id, catalog, document: view.tables.document, owner: owner(), onSaved: reload });
  }

  function changesPage() {
    if (!owner()) return h('p', { class: 'card muted' }, `Read-only: ${view.owner} keeps these books.`);
    return picker(catalog.book_changes, (c) => `${c.section} ${c.change}: ${c.title}`, (c) => c.change,
      (c) => bookForm(c, { campaignId: id, onChanged: changed }), 'witp-change', 'Book changes (rule section)');
  }

  function logPage() {
    const out = h('div', { role: 'status', 'aria-live': 'polite' });
    const rows = view.log.map((e) => h('li', { 'data-index': String(e.index) }, h('code', {}, e.change), h('div', {}, e.summary)));
    const earlier = view.log_earlier || 0;
    const lastUndoable = view.log.length > 0 && view.log[view.log.length - 1].undoable !== false;
    const undo = owner() && lastUndoable ? h('button', { type: 'button', id: 'witp-undo', class: 'danger', onclick: async () => {
      const last = view.log[view.log.length - 1];
      if (!window.confirm(`Undo the last change?\n${last.change}`)) return;
      try {
        const r = await witpApi.undo(id, view.revision);
        await changed();
        body.prepend(h('p', { class: 'witp-summary', role: 'status' }, `Undone: ${r.undone}`));
      } catch (e) {
        showError(out, e);
      }
    } }, 'Undo the last change') : null;
    const kept = earlier > 0 ? ` The ${earlier} earliest changes are no longer listed.` : '';
    return h('section', { class: 'card' }, h('h2', {}, `Log (${view.log.length + earlier} changes)`),
      h('p', { class: 'small muted' }, `Every change, newest first: undo takes back the last one, one change at a time, up to the last 200.${kept}`),
      undo, out, view.log.length ? h('ol', { class: 'witp-log', reversed: true, start: String(view.log.length + earlier) }, rows.reverse()) : h('p', { class: 'muted' }, 'No change yet.'));
  }

  function tablesPage() {
    const t = view.tables;
    const area = h('textarea', { id: 'witp-tables', rows: 18, spellcheck: 'false', readOnly: !owner() });
    // A new campaign starts from the template: every table of the schema, no rows yet.
    area.value = JSON.stringify(t.entered ? t.document : catalog.tables_template, null, 1);
    const pick = h('select', { id: 'witp-table-pick' }, h('option', { value: '' }, 'Choose a table…'),
      catalog.tables.map((d) => h('option', { value: d.name }, d.title)));
    const one = h('div', { class: 'witp-slot' });
    pick.addEventListener('change', () => {
      const desc = catalog.tables.find((d) => d.name === pick.value);
      clear(one);
      if (desc) one.append(tableForm(desc, { campaignId: id, document: t.document, template: catalog.tables_template, onSaved: changed }));
    });
    const out = h('div', { role: 'status', 'aria-live': 'polite' });
    const file = h('input', { type: 'file', id: 'witp-tables-file', accept: 'application/json,.json' });
    file.addEventListener('change', async () => { if (file.files[0]) area.value = await file.files[0].text(); });
    const save = owner() ? h('button', { type: 'button', id: 'witp-tables-save', onclick: async () => {
      let doc;
      try {
        doc = JSON.parse(area.value);
      } catch (e) {
        out.replaceChildren(h('p', { class: 'error', role: 'alert' }, `The tables document is not valid JSON (${e.message}); nothing changed.`));
        return;
      }
      try {
        await witpApi.setTables(id, doc);
        await changed();
      } catch (e) {
        showError(out, e);
      }
    } }, 'Check and save') : null;
    return h('section', { class: 'card' }, h('h2', {}, 'Chartbook tables'),
      h('p', { class: 'small' }, 'Rule Book II refers to tables printed in the chartbook, not in its text. Type the rows of your own chartbook for this campaign: one table at a time below, or all at once in the document further down. Nothing is guessed: a calculator needing a table you have not entered says which, and offers its form. ',
        h('a', { href: '#/witp/schema', id: 'witp-schema-link' }, 'What each table holds')),
      h('p', {}, t.entered ? h('b', {}, 'Entered.') : h('b', { class: 'warn' }, 'Not entered yet: the document below is the template, every table with no rows.')),
      owner() ? h('div', { class: 'witp-one-table' }, h('h3', {}, 'One table'), h('label', { for: 'witp-table-pick' }, 'Table', pick), one) : null,
      h('h3', {}, 'The whole document'),
      t.incomplete.length ? h('details', {}, h('summary', {}, `${t.incomplete.length} tables incomplete (their calculators refuse the missing cells)`),
        h('ul', { class: 'small' }, t.incomplete.map((p) => h('li', {}, `${p.words || p.where}: ${p.problem}`)))) : null,
      h('label', { for: 'witp-tables' }, 'Tables document (JSON)', area),
      owner() ? h('label', { for: 'witp-tables-file' }, 'or read it from a file', file) : null,
      save, out);
  }

  function sharingPage() {
    if (!owner()) return h('p', { class: 'card muted' }, `${view.owner} shared this campaign with you to read.`);
    const out = h('div', { role: 'status', 'aria-live': 'polite' });
    const name = h('input', { id: 'witp-reader', autocomplete: 'off' });
    const act = (f) => async () => { try { await f(); await changed(); } catch (e) { showError(out, e); } };
    const link = shareToken ? `${location.origin}${location.pathname}#/witp/shared/${shareToken}` : null;
    const makeLink = (revoke) => act(async () => { shareToken = (await witpApi.shareLink(id, revoke)).share_token; });
    return h('section', { class: 'card' }, h('h2', {}, 'Sharing (read-only)'),
      h('p', { class: 'small' }, 'Your opponent can read the books, the log and the checklist; only you change them.'),
      h('h3', {}, 'Readers'),
      view.readers.length ? h('ul', {}, view.readers.map((r) => h('li', {}, r, ' ',
        h('button', { type: 'button', class: 'link', onclick: act(() => witpApi.removeReader(id, r)) }, `remove ${r}`)))) : h('p', { class: 'muted' }, 'Nobody yet.'),
      h('form', { class: 'row', onsubmit: (ev) => { ev.preventDefault(); act(() => witpApi.addReader(id, name.value.trim()))(); } },
        h('label', { for: 'witp-reader' }, 'Share with user', name), h('button', { type: 'submit' }, 'Share')),
      h('h3', {}, 'Link'),
      link ? [h('input', { id: 'witp-share-link', readOnly: true, value: link, 'aria-label': 'Share link' }),
        h('p', { class: 'small' }, 'Copy it now: it is shown only this once (the server keeps only a hash of it).')]
        : h('p', { class: 'muted' }, view.share_link ? 'A link is out; it was shown when it was made. A new link replaces it.' : 'No link.'),
      h('div', { class: 'row' },
        h('button', { type: 'button', class: 'secondary', onclick: makeLink(false) }, view.share_link ? 'Make a new link' : 'Make a link'),
        view.share_link ? h('button', { type: 'button', class: 'danger', onclick: makeLink(true) }, 'Revoke the link') : null),
      out);
  }

  Promise.all([reload(), witpApi.catalog().then((c) => { catalog = c; })]).then(() => { if (alive) draw(); },
    (e) => { clear(body); showError(body, e); });
  return { destroy() { alive = false; } };
}

export { jsonView };
