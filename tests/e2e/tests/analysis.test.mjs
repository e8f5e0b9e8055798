// Hints in a game created with them, and the analysis of a finished game in the replay viewer:
// requested there, run in the background with progress, then a win-probability graph under the
// board (a click on a point jumps there) and the player's decisions with their marks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, newPhonePage, signUp, clickAction, waitMyTurn, screenshot, axeViolations } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('hints on request, then the analysis of the finished game in the replay', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await signUp(page, server.url, 'hilda');
  await page.waitForSelector('#create');
  await page.selectOption('select[name=game]', 'pacific-war');
  await page.selectOption('select[name=seat]', 'japanese');
  await page.selectOption('select[name=opponent]', 'random');
  await page.check('#hints');
  await page.click('#create');
  await page.waitForURL(/#\/game\//);
  const id = /#\/game\/([^/]+)/.exec(page.url())[1];
  await page.waitForSelector('#hints-on');
  assert.match(await page.textContent('#hints-on'), /unrated/);

  // A few actions, then a hint at a decision with a choice.
  for (let i = 0; i < 6; i += 1) await clickAction(page);
  await waitMyTurn(page);
  while (await page.locator('#actions button.act').count() < 2) {
    await clickAction(page);
    await waitMyTurn(page);
  }
  await page.click('#hint');
  await page.waitForSelector('#hint-panel .hint-top li');
  const tops = await page.locator('#hint-panel .hint-top li').count();
  assert.ok(tops >= 1 && tops <= 3, `${tops} hints`);
  assert.match(await page.textContent('#hint-panel'), /\d+%/);
  await screenshot(page, 'hints');
  assert.deepEqual(await axeViolations(page), [], 'axe-core on the game page with a hint');
  // The lobby marks the game.
  await page.goto(`${server.url}/#/`);
  await page.waitForSelector(`tr[data-game="${id}"] .badge.hints`);

  // Finish the game and analyse it.
  await page.goto(`${server.url}/#/game/${id}`);
  for (let i = 0; i < 40; i += 1) await clickAction(page);
  await page.click('#resign');
  await page.waitForSelector('#turn-banner.over');
  await page.goto(`${server.url}/#/replay/${id}`);
  await page.waitForSelector('#analyse');
  await page.click('#analyse');
  await page.waitForSelector('#analysis-progress, svg.wp-graph');
  await page.waitForSelector('svg.wp-graph', { timeout: 180000 });
  const points = await page.locator('svg.wp-graph circle.wp-pt').count();
  assert.ok(points >= 3, `${points} points`);
  assert.equal(await page.locator('.analysis-list li').count(), points);
  assert.match(await page.textContent('#analysis-summary'), /blunders, \d+ mistakes, \d+ inaccuracies/);
  // A click on a point (the third decision) jumps to the action it was.
  const target = await page.locator('svg.wp-graph circle.wp-pt').nth(2).getAttribute('data-step');
  await page.locator('svg.wp-graph circle.wp-pt').nth(2).click();
  await page.waitForFunction((k) => new RegExp(`^Action ${k} of`).test(document.querySelector('#replay-step').textContent), target);
  assert.match(await page.textContent('#replay-what'), /by Japanese/);
  // And by keyboard from the list of decisions.
  const second = page.locator('.analysis-list li button').nth(1);
  const step2 = await second.getAttribute('data-step');
  await second.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction((k) => new RegExp(`^Action ${k} of`).test(document.querySelector('#replay-step').textContent), step2);
  await screenshot(page, 'analysis', { fullPage: true });
  assert.deepEqual(await axeViolations(page), [], 'axe-core on the replay with its analysis');

  // The stored analysis on a phone.
  const phone = await newPhonePage(browser, errors);
  await phone.context().addCookies(await page.context().cookies());
  await phone.goto(`${server.url}/#/replay/${id}`);
  await phone.waitForSelector('svg.wp-graph');
  const box = await phone.locator('svg.wp-graph').boundingBox();
  assert.ok(box && box.width <= 390, 'the graph fits the phone');
  await phone.evaluate(() => window.scrollTo(0, document.querySelector('#analysis-graph').getBoundingClientRect().top + window.scrollY - 8));
  await screenshot(phone, 'phone-analysis');
  assert.deepEqual(errors, []);
});
