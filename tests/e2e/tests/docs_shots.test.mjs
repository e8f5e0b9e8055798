// The Co-Prosperity Sphere screenshots of docs/img (combat, hand, replay; desktop and phone).
// Runs only with `scripts/test-e2e.sh --screenshots` (PACWAR_E2E_SHOTS set): it plays on until a
// combat, which takes longer than the short e2e run should.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, newPhonePage, signUp, createGame, clickAction, waitMyTurn, screenshot }
  from '../lib/harness.mjs';

const enabled = !!process.env.PACWAR_E2E_SHOTS;
let server;
let browser;
before(async () => { if (enabled) { server = await startServer(); browser = await launchBrowser(); } });
after(async () => { await browser?.close(); await server?.stop(); });

test('Co-Prosperity Sphere screenshots: combat, hand, phone, replay', { skip: !enabled && 'screenshots only' }, async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await signUp(page, server.url, 'erin');
  // The computer plays at random: a game may end before any combat; then another one.
  let id = null;
  let combat = false;
  for (let attempt = 0; attempt < 4 && !combat; attempt += 1) {
    if (attempt) await page.goto(`${server.url}/#/`);
    ({ id } = await createGame(page, { game: 'co-prosperity', seat: 'japanese', opponent: 'random' }));
    for (let i = 0; i < 400 && !combat; i += 1) {
      await clickAction(page, ['button']);
      await page.waitForSelector('#game-page[data-your-turn=true] #actions button:not([disabled]), #turn-banner.over', { timeout: 60000 });
      if (await page.locator('#turn-banner.over').count()) break;
      combat = (await page.locator('#combat').count()) > 0;
    }
  }
  assert.ok(combat, 'a combat within 400 actions');
  await screenshot(page, 'co-prosperity-combat');
  const phone = await newPhonePage(browser, errors);
  await phone.context().addCookies(await page.context().cookies());
  await phone.goto(`${server.url}/#/game/${id}`);
  await waitMyTurn(phone);
  await screenshot(phone, 'phone-co-prosperity');
  await phone.locator('#tab-hand').tap();
  await screenshot(phone, 'phone-co-prosperity-hand');
  await page.click('#resign');
  await page.waitForSelector('#turn-banner.over');
  await page.goto(`${server.url}/#/replay/${id}`);
  await page.waitForSelector('#replay-step');
  await page.click('#replay-last');
  await page.waitForFunction(() => /Action (\d+) of \1$/.test(document.querySelector('#replay-step').textContent));
  await page.click('#replay-back');
  await page.waitForFunction(() => !/Action (\d+) of \1$/.test(document.querySelector('#replay-step').textContent));
  await screenshot(page, 'co-prosperity-replay');
  await phone.goto(`${server.url}/#/replay/${id}`);
  await phone.waitForSelector('#replay-step');
  await phone.locator('#replay-last').tap();
  await phone.waitForFunction(() => /Action (\d+) of \1$/.test(document.querySelector('#replay-step').textContent));
  await screenshot(phone, 'phone-co-prosperity-replay');
  assert.deepEqual(errors, []);
});
