// The set-up pool of The Pacific War (web/setup_pool.js, issue 40): the Japanese units still to
// place (14.2) as counters beside the map, from the view's setup_pool; a click on a highlighted
// area or a drag of the pool's counter onto one places the unit; desktop and phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, newPhonePage, signUp, createGame, apiCall, waitMyTurn, version, screenshot, axeViolations } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const poolCount = (page) => page.locator('#setup-pool svg.counter').count();
const nextVersion = (page, v) => page.waitForFunction((x) => Number(document.querySelector('#game-page')?.dataset.version) > x, v);

test('set-up: the pool of units to place, placed by click and by drag', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await signUp(page, server.url, 'pia');
  const { id } = await createGame(page, { game: 'pacific-war', seat: 'japanese', opponent: 'random' });
  await waitMyTurn(page);
  const st = await apiCall(page, server.url, 'GET', `/api/games/${id}`);
  const pool = st.view.setup_pool;
  assert.ok(pool && pool.units.length > 20, 'the view has the pool');
  const n = pool.units.length;
  assert.equal(await poolCount(page), n, 'one counter per unit to place');
  assert.equal(await page.getAttribute('#setup-pool .pool-now', 'data-pool-unit'), pool.placing);
  assert.equal(await page.locator('#setup-pool .pool-waiting svg.counter').count(), n - 1);
  await screenshot(page, 'setup-pool-desktop');
  assert.deepEqual(await axeViolations(page), [], 'axe-core with the set-up pool');

  // A click on the pool's counter marks it (the highlighted areas pulse); a click on an area places it.
  await page.locator('#setup-pool .pool-now').click();
  assert.equal(await page.locator('#setup-pool .pool-now.picked').count(), 1);
  assert.equal(await page.locator('svg.map.pool-picked').count(), 1);
  let v = await version(page);
  await page.locator('svg.map .node.target .oz').first().click();
  await nextVersion(page, v);
  await waitMyTurn(page);
  assert.equal(await poolCount(page), n - 1);

  // Drag: the pool's counter onto a highlighted area.
  const unit = await page.getAttribute('#setup-pool .pool-now', 'data-pool-unit');
  const target = page.locator('svg.map .node.target').last();
  const oz = await target.getAttribute('data-node');
  const from = await page.locator('#setup-pool .pool-now svg.counter').boundingBox();
  const to = await target.locator('.oz').boundingBox();
  v = await version(page);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x - 40, from.y + 20, { steps: 4 });
  assert.equal(await page.locator('svg.counter.drag-ghost').count(), 1, 'a copy follows the pointer');
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  await nextVersion(page, v);
  await waitMyTurn(page);
  assert.equal(await poolCount(page), n - 2);
  assert.equal(await page.locator('svg.counter.drag-ghost').count(), 0);
  const after = await apiCall(page, server.url, 'GET', `/api/games/${id}`);
  const placed = after.view.ozs.find((o) => o.id === oz);
  assert.ok(placed.units.some((u) => u.id === unit), `${unit} is at ${oz}`);

  // Dropped off the map: nothing is sent, the pool says why.
  v = await version(page);
  const again = await page.locator('#setup-pool .pool-now svg.counter').boundingBox();
  await page.mouse.move(again.x + again.width / 2, again.y + again.height / 2);
  await page.mouse.down();
  await page.mouse.move(again.x + 10, again.y + 300, { steps: 6 });
  await page.mouse.up();
  assert.match(await page.textContent('#pool-say'), /stays in the pool/);
  assert.equal(await version(page), v);

  // Phone: the pool on the map tab, within the screen's width.
  const phone = await newPhonePage(browser, errors);
  await phone.context().addCookies(await page.context().cookies());
  await phone.goto(`${server.url}/#/game/${id}`);
  await waitMyTurn(phone);
  assert.equal(await poolCount(phone), n - 2);
  await phone.locator('#setup-pool').scrollIntoViewIfNeeded();
  const box = await phone.locator('#setup-pool').boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
  assert.ok(await phone.evaluate(() => document.scrollingElement.scrollWidth <= 390), 'no sideways scrolling');
  await screenshot(phone, 'setup-pool-phone');
  assert.deepEqual(errors, []);
});

test('Co-Prosperity Sphere set-up (3.1): the US units to split, placed by drag', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await signUp(page, server.url, 'quin');
  await createGame(page, { game: 'co-prosperity', seat: 'allied', opponent: 'random' });
  await waitMyTurn(page);
  assert.equal(await poolCount(page), 6);
  assert.equal(await page.getAttribute('#setup-pool .pool-now', 'data-pool-unit'), 'US-CV-1');
  await screenshot(page, 'setup-pool-co-prosperity');
  const from = await page.locator('#setup-pool .pool-now svg.counter').boundingBox();
  const to = await page.locator('svg.map .node.target[data-node="Samoa"]').boundingBox();
  const v = await version(page);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  await nextVersion(page, v);
  await waitMyTurn(page);
  assert.equal(await poolCount(page), 5);
  assert.equal(await page.getAttribute('#setup-pool .pool-now', 'data-pool-unit'), 'US-CV-2');
  assert.match(await page.textContent('#game-log'), /US-CV-1 set up at Samoa/);
  assert.deepEqual(errors, []);
});
