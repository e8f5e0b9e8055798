// The War in the Pacific assistant in the browser: a campaign created and its chartbook tables
// entered, then a whole Strategic G/T (50.0, A.1 to J.1) driven on the guided page — the MSP
// ledger (57.3), SI levels (42.5, 42.6), a mining strike posted to the books and refused on the
// same hex (56.4.4), CP allocation (28.4), the cycle advanced — then undo from the log, and the
// campaign shared read-only by name and by link. Desktop 1500x1000 and phone 390x844, keyboard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, newPage, newPhonePage, signUp, screenshot, REPO, axeViolations } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const revision = async (page) => Number(await page.getAttribute('#witp-cycle', 'data-revision'));
async function changedFrom(page, before) {
  await page.waitForFunction((r) => Number(document.querySelector('#witp-cycle')?.dataset.revision) > r, before);
}
async function segment(page, code) {
  await page.waitForSelector(`.witp-segment[data-segment="${code}"]`);
  return page.locator('.witp-segment');
}

test('witp: a whole Strategic G/T in the browser, undo, read-only sharing', async () => {
  const errors = [];
  const bobPage = await newPage(browser, errors);
  await signUp(bobPage, server.url, 'bob');
  const page = await newPage(browser, errors);
  await signUp(page, server.url, 'alice');

  // Created by keyboard only: the top bar link, the form, Enter.
  await page.goto(`${server.url}/#/witp`);
  await page.waitForSelector('#witp-create');
  await page.focus('#witp-name');
  await page.keyboard.type('Leyte 1944');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0/3/44');
  await page.keyboard.press('Enter');
  await page.waitForURL(/#\/witp\/[0-9a-f]{16}\/tables/);
  const id = /#\/witp\/([0-9a-f]{16})/.exec(page.url())[1];

  // Chartbook tables: bad JSON and a document breaking the schema are refused, naming the field.
  await page.waitForSelector('#witp-tables');
  await page.fill('#witp-tables', '{"format": ');
  await page.click('#witp-tables-save');
  await page.waitForSelector('.witp-body [role=alert]');
  assert.match(await page.textContent('.witp-body [role=alert]'), /not valid JSON/);
  const example = JSON.parse(fs.readFileSync(path.join(REPO, 'data/witp/tables.example.json'), 'utf8'));
  const bad = structuredClone(example);
  bad.tables.maximum_effort_repair = { rows: [{ dr: 9, cps: -1 }] };
  await page.fill('#witp-tables', JSON.stringify(bad));
  await page.click('#witp-tables-save');
  await page.waitForFunction(() => /Maximum Effort Repair Table \(36\.4\.2\), row 1/.test(document.querySelector('.witp-body [role=alert]')?.textContent || ''));
  assert.match(await page.textContent('.witp-body'), /Not entered yet/);
  await page.fill('#witp-tables', JSON.stringify(example));
  await page.click('#witp-tables-save');
  await page.waitForFunction(() => /Entered\./.test(document.querySelector('.witp-body').textContent));

  // The scenario's MSP total, from the book changes page.
  await page.click('.witp-tabs >> text=Book changes');
  await page.selectOption('#witp-change-select', 'msp-total');
  let r = await revision(page);
  await page.fill('form[data-change=msp-total] input[name=msp]', '300');
  await page.click('form[data-change=msp-total] button[type=submit]');
  await changedFrom(page, r);
  assert.match(await page.textContent('form[data-change=msp-total] .witp-summary'), /300/);

  // The Strategic G/T, segment by segment.
  await page.click('.witp-tabs >> text=Strategic G/T');
  await segment(page, 'A.1');
  assert.match(await page.textContent('#witp-turn-cycle'), /0\/3\/44/);
  const seen = [];
  for (;;) {
    const code = await page.getAttribute('.witp-segment', 'data-segment');
    seen.push(code);
    if (code === 'A.3') {
      r = await revision(page);
      await page.fill('form[data-change=msp-loss] input[name=msp]', '4');
      await page.click('form[data-change=msp-loss] button[type=submit]');
      await changedFrom(page, r);
      await page.waitForFunction(() => /296/.test(document.querySelector('.witp-notes').textContent));
    }
    if (code === 'B.1') {
      const allied = page.locator('form[data-change=si]').nth(0);
      const japanese = page.locator('form[data-change=si]').nth(1);
      r = await revision(page);
      await allied.locator('input[name=drawn]').fill('3');
      await allied.locator('input[name=doolittle]').check();
      await allied.locator('button[type=submit]').click();
      await changedFrom(page, r);
      r = await revision(page);
      await japanese.locator('input[name=drawn]').fill('2');
      await japanese.locator('button[type=submit]').click();
      await changedFrom(page, r);
      await page.waitForFunction(() => /allied SI level 4/.test(document.querySelector('.witp-notes').textContent));
      await screenshot(page, 'witp-turn-desktop');
    }
    if (code === 'C.2') {
      const mining = page.locator('form[data-calculator=mining]');
      await mining.locator('input[name=aps]').fill('2');
      await mining.locator('input[name=resource-value]').fill('9');
      await mining.locator('input[name=die]').fill('6');
      await mining.locator('input[name=extended-range]').check();
      await mining.locator('input[name=hex]').fill('Brunei');
      r = await revision(page);
      await mining.locator('button.post').click();
      await changedFrom(page, r);
      assert.match(await mining.locator('.witp-summary').textContent(), /9 MSPs.*287 left/);
      await page.waitForFunction(() => /Brunei/.test(document.querySelector('.witp-notes').textContent));
      // The same hex again in this Strategic G/T: refused with its rule, nothing changed.
      r = await revision(page);
      await mining.locator('button.post').click();
      await mining.locator('[role=alert]').waitFor();
      assert.match(await mining.locator('[role=alert]').textContent(), /56\.4\.4/);
      assert.equal(await revision(page), r);
    }
    if (code === 'D.3') {
      const assign = page.locator('form[data-change=assign]');
      await assign.locator('select[name=side]').selectOption('allied');
      await assign.locator('input[name=hq]').fill('POA');
      await assign.locator('input[name=cps]').fill('30');
      await assign.locator('input[name=previous]').fill('30');
      r = await revision(page);
      await assign.locator('button[type=submit]').click();
      await changedFrom(page, r);
      await page.waitForFunction(() => /POA: assigned 30/.test(document.querySelector('.witp-notes').textContent));
    }
    if (code === 'J.1') {
      r = await revision(page);
      await page.click('form[data-change=next-cycle] button[type=submit]');
      await changedFrom(page, r);
      await page.waitForFunction(() => /0\/4\/44/.test(document.querySelector('#witp-cycle').textContent));
      break;
    }
    // On by keyboard: the Next link focused and Enter.
    await page.focus('#witp-next');
    await page.keyboard.press('Enter');
    await page.waitForFunction((c) => document.querySelector('.witp-segment')?.dataset.segment !== c, code);
  }
  assert.equal(seen.length, 29, `every segment visited: ${seen.join(' ')}`);
  assert.equal(seen[0], 'A.1');
  assert.deepEqual(await axeViolations(page), []);

  // The books show it all; the log undoes the cycle's advance.
  await page.click('.witp-tabs >> text=Books');
  await page.waitForSelector('.witp-books');
  const books = await page.textContent('.witp-books');
  assert.match(books, /Cycle 0\/4\/44/);
  assert.match(books, /Brunei/);
  await screenshot(page, 'witp-books-desktop');
  await page.click('.witp-tabs >> text=Log');
  await page.waitForSelector('#witp-undo');
  assert.equal(await page.locator('.witp-log li').count(), 7);
  assert.match(await page.textContent('h2:has-text("Log (")'), /Log \(7 changes\)/);
  await screenshot(page, 'witp-log-desktop');
  assert.deepEqual(await axeViolations(page), []);
  r = await revision(page);
  await page.click('#witp-undo');
  await changedFrom(page, r);
  await page.waitForFunction(() => /0\/3\/44/.test(document.querySelector('#witp-cycle').textContent));
  assert.equal(await page.locator('.witp-log li').count(), 6);

  // A calculator citing its rule, run alone (changes nothing).
  await page.click('.witp-tabs >> text=Calculators');
  await page.fill('#witp-calc-filter', 'naval-repair');
  await page.selectOption('#witp-calc-select', 'naval-repair');
  const repair = page.locator('form[data-calculator=naval-repair]');
  await repair.locator('input[name=ship]').fill('CV');
  await repair.locator('input[name=damage]').fill('3');
  await repair.locator('input[name=dice]').fill('7');
  await repair.locator('button[type=submit]').click();
  await repair.locator('.witp-result').waitFor();
  assert.match(await repair.locator('.witp-result').textContent(), /36\.1[\s\S]*gts19/);
  await screenshot(page, 'witp-calculator-desktop');

  // Shared read-only: by name with bob, by link with carol.
  await page.click('.witp-tabs >> text=Sharing');
  await page.fill('#witp-reader', 'bob');
  await page.click('.witp-body form button[type=submit]');
  await page.waitForFunction(() => /remove bob/.test(document.querySelector('.witp-body').textContent));
  await page.click('text=Make a link');
  const link = await (await page.waitForSelector('#witp-share-link')).inputValue();
  // The server keeps only a hash of the link's token: shown once; after a reload, only that a link is out.
  await page.reload();
  await page.waitForSelector('text=A link is out');
  assert.equal(await page.locator('#witp-share-link').count(), 0);
  await bobPage.goto(`${server.url}/#/witp`);
  await bobPage.waitForSelector(`tr[data-campaign="${id}"]`);
  assert.match(await bobPage.textContent(`tr[data-campaign="${id}"]`), /alice \(read-only\)/);
  await bobPage.goto(`${server.url}/#/witp/${id}/turn/B.1`);
  await bobPage.waitForSelector('.witp-segment[data-segment="B.1"]');
  assert.equal(await bobPage.locator('form[data-change]').count(), 0, 'a reader gets no book change forms');
  const carol = await newPhonePage(browser, errors);
  await signUp(carol, server.url, 'carol');
  await carol.goto(link);
  await carol.waitForURL(new RegExp(`#/witp/${id}/books`));
  await carol.waitForSelector('.witp-books');
  assert.match(await carol.textContent('.witp-cycle'), /read-only/);
  await screenshot(carol, 'witp-books-phone');
  await carol.goto(`${server.url}/#/witp/${id}/turn/C.2`);
  await carol.waitForSelector('.witp-segment[data-segment="C.2"]');
  await screenshot(carol, 'witp-turn-phone');
  // The log on the phone: a reader sees the changes and no undo.
  await carol.goto(`${server.url}/#/witp/${id}/log`);
  await carol.waitForSelector('.witp-log');
  assert.equal(await carol.locator('#witp-undo').count(), 0, 'a reader cannot undo');
  await screenshot(carol, 'witp-log-phone');
  assert.deepEqual(await axeViolations(carol), []);
  const logWidth = await carol.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(logWidth <= 392, `no sideways scrolling on the log (${logWidth})`);
  const width = await carol.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 392, `no sideways scrolling on the phone (${width})`);
  assert.deepEqual(errors, []);
});
