// The War in the Pacific assistant's forms in the browser (issue 40): typed controls from the
// server's descriptions (a select for a side, number inputs with the rules' bounds, the rule
// section beside each field), a refusal as a sentence in the form's words marking the field
// (aria-invalid, aria-describedby, focus), a new campaign's tables starting from the template
// with the schema's explanation a page away, and a missing chartbook table entered through its
// own small form when a calculator first needs it, after which the calculator runs.
// Desktop 1500x1000 and phone 390x844.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, newPhonePage, signUp, screenshot, axeViolations } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

async function openCalculator(page, id, name) {
  await page.goto(`${page.url().split('#')[0]}#/witp/${id}/calculators/${name}`);
  const form = page.locator(`form[data-calculator="${name}"]`);
  await form.waitFor();
  return form;
}

test('witp forms: typed fields, errors in words, the template and a table entered when needed', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await signUp(page, server.url, 'alice');
  await page.goto(`${server.url}/#/witp`);
  await page.fill('#witp-name', 'Forms');
  await page.click('#witp-create button[type=submit]');
  await page.waitForURL(/#\/witp\/[0-9a-f]{16}\/tables/);
  const id = /#\/witp\/([0-9a-f]{16})/.exec(page.url())[1];

  // A new campaign's tables page opens on the template: every table, no rows.
  await page.waitForSelector('#witp-tables');
  const template = JSON.parse(await page.inputValue('#witp-tables'));
  assert.equal(template.format, 'pacwar-witp-tables');
  assert.deepEqual(template.tables.japanese_reserve_exchange.rows, []);
  assert.ok(Object.keys(template.tables).length >= 9, 'every table of the schema');
  await screenshot(page, 'witp-tables-template');
  assert.deepEqual(await axeViolations(page), []);
  // The schema's explanation is a page, not a file path.
  await page.click('#witp-schema-link');
  await page.waitForURL(/#\/witp\/schema/);
  await page.waitForSelector('.witp-schema h3 code');
  assert.match(await page.textContent('.witp-schema'), /Japanese Reserve CP Assignment \(28\.6\.1\)/);
  assert.deepEqual(await axeViolations(page), []);

  // Typed controls: a side is a select of the rules' words, numbers are number inputs, the
  // rule section is beside the field.
  const reserve = await openCalculator(page, id, 'cp-reserve');
  const side = reserve.locator('select[name=side]');
  assert.deepEqual(await side.locator('option').allTextContents(), ['Choose…', 'Japanese', 'Allied']);
  assert.equal(await reserve.locator('input[name=cps-placed]').getAttribute('type'), 'number');
  assert.match(await reserve.locator('.field').first().textContent(), /Side.*28\.6\.1/);
  const future = await openCalculator(page, id, 'cp-future-ops');
  const ahead = future.locator('input[name=cycles-ahead]');
  assert.equal(await ahead.getAttribute('min'), '1');
  assert.equal(await ahead.getAttribute('max'), '6');

  // A bad value: the sentence in the form's words, beside the field, which is marked and focused.
  await future.locator('input[name=cps-added]').fill('10');
  await ahead.fill('9');
  await future.locator('button[type=submit]').click();
  await future.locator('[role=alert]').waitFor();
  const said = await future.locator('[role=alert]').textContent();
  assert.equal(said, 'Cycles ahead must be a whole number from 1 to 6.');
  assert.doesNotMatch(said, /--|cycles-ahead/);
  assert.equal(await ahead.getAttribute('aria-invalid'), 'true');
  const described = (await ahead.getAttribute('aria-describedby')).split(' ');
  const errorId = described.find((x) => x.endsWith('-err'));
  assert.equal(await page.textContent(`#${errorId}`), said);
  assert.equal(await page.evaluate(() => document.activeElement.name), 'cycles-ahead');
  await screenshot(page, 'witp-form-error');
  assert.deepEqual(await axeViolations(page), []);
  // Put right, the mark goes.
  await ahead.fill('2');
  await future.locator('button[type=submit]').click();
  await future.locator('.witp-result').waitFor();
  assert.equal(await ahead.getAttribute('aria-invalid'), null);

  // A book change's form, from the same table as the command line (src/witp/book_changes.h):
  // typed controls, and the books' refusal in the form's words (never cps=), its field marked.
  await page.goto(`${server.url}/#/witp/${id}/changes/spend`);
  const spend = page.locator('form[data-change=spend]');
  await spend.waitFor();
  assert.deepEqual(await spend.locator('select[name=side] option').allTextContents(), ['Choose…', 'Allied', 'Japanese']);
  assert.equal(await spend.locator('input[name=cps]').getAttribute('type'), 'number');
  await spend.locator('select[name=side]').selectOption('allied');
  await spend.locator('input[name=hq]').fill('POA');
  await spend.locator('input[name=cps]').fill('5');
  await spend.locator('button[type=submit]').click();
  await spend.locator('[role=alert]').waitFor();
  const refused = await spend.locator('[role=alert]').textContent();
  assert.equal(refused, 'CPs: POA holds only 0 CPs (asked 5).');
  assert.equal(await spend.locator('input[name=cps]').getAttribute('aria-invalid'), 'true');
  await screenshot(page, 'witp-book-form-error');
  assert.deepEqual(await axeViolations(page), []);

  // A calculator needing a table the campaign lacks: its form for exactly that table, saved,
  // and the calculator runs again by itself.
  const reserve2 = await openCalculator(page, id, 'cp-reserve');
  await reserve2.locator('select[name=side]').selectOption('japanese');
  await reserve2.locator('input[name=cps-placed]').fill('10');
  await reserve2.locator('input[name=ms-points]').fill('400');
  await reserve2.locator('button[type=submit]').click();
  const guided = reserve2.locator('form[data-table=japanese_reserve_exchange]');
  await guided.waitFor();
  assert.match(await reserve2.locator('[role=alert]').textContent(), /needs the Japanese Reserve CP Assignment table \(28\.6\.1\)/);
  assert.deepEqual(await guided.locator('th').allTextContents(), ['Min MS points', 'Give', 'Get', 'Remove']);
  assert.equal(await guided.locator('input[name=give]').getAttribute('type'), 'number');
  await guided.locator('input[name=min_ms_points]').fill('0');
  await guided.locator('input[name=give]').fill('2');
  await guided.locator('input[name=get]').fill('1');
  await screenshot(page, 'witp-guided-table');
  assert.deepEqual(await axeViolations(page), []);
  await guided.locator('button[type=submit]').click();
  await reserve2.locator('.witp-result').waitFor();
  assert.match(await reserve2.locator('.witp-result').textContent(), /28\.6\.1 cp-reserve/);

  // The phone: the same form, one column, no sideways scrolling.
  const phone = await newPhonePage(browser, errors);
  await phone.context().addCookies(await page.context().cookies());
  await phone.goto(`${server.url}/#/witp/${id}/calculators/naval-repair`);
  const repair = phone.locator('form[data-calculator=naval-repair]');
  await repair.waitFor();
  assert.equal(await repair.locator('input[name=ship]').getAttribute('list') !== null, true, 'ship types as a searchable list');
  await repair.locator('input[name=dice]').fill('13');
  await repair.locator('button[type=submit]').click();
  await repair.locator('[role=alert]').waitFor();
  assert.match(await repair.locator('[role=alert]').textContent(), /^Ship is required\.$/);
  await repair.locator('input[name=ship]').fill('CV');
  await repair.locator('input[name=damage]').fill('3');
  await repair.locator('button[type=submit]').click();
  await phone.waitForFunction(() => /Dice must be/.test(document.querySelector('form[data-calculator=naval-repair] [role=alert]')?.textContent || ''));
  assert.equal(await repair.locator('input[name=dice]').getAttribute('aria-invalid'), 'true');
  await screenshot(phone, 'witp-form-error-phone');
  assert.deepEqual(await axeViolations(phone), []);
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 392, `no sideways scrolling on the phone (${width})`);
  assert.deepEqual(errors, []);
});
