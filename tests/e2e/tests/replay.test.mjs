// A finished game opens in the replay viewer, which steps forward and back through the log.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, newPhonePage, signUp, createGame, clickAction, screenshot, axeViolations } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const stepText = async (page) => page.textContent('#replay-step');

test('replay viewer steps through a finished game', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await signUp(page, server.url, 'dora');
  const { id } = await createGame(page, { game: 'pacific-war', seat: 'japanese', opponent: 'random' });
  for (let i = 0; i < 30; i += 1) await clickAction(page);
  await page.click('#resign');  // the confirm dialog is accepted by the harness
  await page.waitForSelector('#turn-banner.over');

  await page.goto(`${server.url}/#/`);
  // The lobby says who resigned, and names the computer opponent by its label.
  await page.waitForSelector(`tr[data-game="${id}"]`);
  assert.match(await page.textContent(`tr[data-game="${id}"] .turn`), /You resigned: Allied won/);
  assert.match(await page.textContent(`tr[data-game="${id}"]`), /Computer: random moves/);
  await page.click(`tr[data-game="${id}"] a[href="#/replay/${id}"]`);
  await page.waitForSelector('#replay-step');
  // The analysis panel offers the analysis, and writes no stray "null" (issue 40).
  await page.waitForSelector('#analysis-graph #analyse');
  assert.doesNotMatch(await page.textContent('#analysis-graph'), /null/);
  const m = /Action 0 of (\d+)/.exec(await stepText(page));
  assert.ok(m, await stepText(page));
  const steps = Number(m[1]);
  assert.ok(steps >= 30);
  assert.ok(await page.isDisabled('#replay-back'));

  await page.click('#replay-forward');
  await page.waitForFunction(() => /Action 1 of/.test(document.querySelector('#replay-step').textContent));
  const first = await page.textContent('#replay-what');
  assert.match(first, /^Action 1 by (Japanese|Allied|Chance)/);
  const logAt1 = await page.locator('#game-log li').count();
  await page.click('#replay-forward');
  await page.waitForFunction(() => /Action 2 of/.test(document.querySelector('#replay-step').textContent));
  assert.ok(await page.locator('#game-log li').count() >= logAt1);
  await page.click('#replay-back');
  await page.waitForFunction(() => /Action 1 of/.test(document.querySelector('#replay-step').textContent));
  assert.equal(await page.textContent('#replay-what'), first);
  assert.equal(await page.locator('#game-log li').count(), logAt1);

  // Keyboard and the last step.
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /Action 2 of/.test(document.querySelector('#replay-step').textContent));
  await page.click('#replay-last');
  await page.waitForFunction((n) => document.querySelector('#replay-step').textContent === `Action ${n} of ${n}`, steps);
  assert.ok(await page.isDisabled('#replay-forward'));
  await screenshot(page, 'replay', { fullPage: true });
  assert.deepEqual(await axeViolations(page), [], 'axe-core on the replay page');

  // The same replay on a phone.
  const phone = await newPhonePage(browser, errors);
  await phone.context().addCookies(await page.context().cookies());
  await phone.goto(`${server.url}/#/replay/${id}`);
  await phone.waitForSelector('#replay-step');
  await phone.locator('#replay-forward').tap();
  await phone.waitForFunction(() => /Action 1 of/.test(document.querySelector('#replay-step').textContent));
  const box = await phone.locator('#replay-forward').boundingBox();
  assert.ok(box && box.y + box.height <= 844, 'the replay controls are in reach');
  await phone.locator('#replay-last').tap();
  await phone.waitForFunction(() => !/Action 1 of/.test(document.querySelector('#replay-step').textContent));
  await screenshot(phone, 'phone-replay');
  assert.deepEqual(errors, []);
});
