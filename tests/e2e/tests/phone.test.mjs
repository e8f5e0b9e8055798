// A phone-sized screen (390 x 844, touch): the prompt and its actions stay docked in view
// while a whole game turn of The Pacific War is played by tapping; the panels open as tabs; the
// map zooms and pans. Also records first paint and the time of an update (docs/performance.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, newPhonePage, newPage, signUp, createGame, waitMyTurn, version, screenshot, REPO, apiCall,
         axeViolations, confirmIfAsked } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

async function inView(page, selector) {
  const box = await page.locator(selector).first().boundingBox();
  return !!box && box.y >= 0 && box.y + Math.min(box.height, 40) <= 844 && box.x >= 0 && box.x + box.width <= 391;
}

async function tapFirstAction(page) {
  await waitMyTurn(page, 60000);
  const before = await version(page);
  await page.locator('#actions button.act').first().tap();
  await confirmIfAsked(page);
  await page.waitForFunction((v) => Number(document.querySelector('#game-page')?.dataset.version) > v, before);
}

test('phone 390x844: a whole game turn by tapping, prompt docked, panels as tabs, map zoom', async () => {
  const errors = [];
  const page = await newPhonePage(browser, errors);
  await signUp(page, server.url, 'pat');
  await createGame(page, { game: 'pacific-war', seat: 'japanese', opponent: 'random' });
  await waitMyTurn(page);
  await screenshot(page, 'phone-game');
  assert.ok(await inView(page, '#prompt-text'), 'the prompt is on the first screen');
  assert.ok(await inView(page, '#actions button.act'), 'the first action is on the first screen');

  // The docked prompt collapses and opens again.
  await page.locator('#prompt-toggle').tap();
  assert.equal(await page.locator('#actions').isVisible(), false);
  await page.locator('#prompt-toggle').tap();
  assert.equal(await page.locator('#actions').isVisible(), true);

  // The map zooms (+ button) and pans (drag), and keeps its view across an update.
  const full = await page.getAttribute('svg.map', 'viewBox');
  await page.locator('.zoom-controls button[aria-label="Zoom in"]').tap();
  const zoomed = await page.getAttribute('svg.map', 'viewBox');
  assert.notEqual(zoomed, full);
  const box = await page.locator('svg.map').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 20, { steps: 5 });
  await page.mouse.up();
  const panned = await page.getAttribute('svg.map', 'viewBox');
  assert.notEqual(panned, zoomed);
  await screenshot(page, 'phone-map-zoomed');
  await page.locator('.zoom-controls button[aria-label="Show the whole map"]').tap();

  // Play Turn 0 to its end by tapping the first legal action, checking now and then that the
  // prompt and the actions are still within reach.
  const startTurn = (await page.textContent('#when')).match(/Turn (\d+)/)[1];
  let steps = 0;
  let combatShot = false;
  while (!new RegExp(`Turn ${Number(startTurn) + 1}\\b`).test(await page.textContent('#when'))) {
    assert.ok(steps < 600, 'the turn ends within 600 actions');
    await tapFirstAction(page);
    steps += 1;
    if (steps % 25 === 0) {
      await waitMyTurn(page, 60000);
      assert.ok(await inView(page, '#actions button.act'), `the actions are in reach at step ${steps}`);
    }
    if (!combatShot && await page.locator('#combat').count() && /9\.2\.4/.test(await page.textContent('#prompt-text').catch(() => ''))) {
      combatShot = true;
      await screenshot(page, 'phone-combat');
    }
  }
  assert.match(await page.textContent('#when'), new RegExp(`Turn ${Number(startTurn) + 1}`));
  await waitMyTurn(page, 60000);

  // Hand and tracks open as panels (tabs); the map tab brings the map back.
  await page.locator('#tab-hand').tap();
  assert.equal(await page.locator('#hand').isVisible(), true);
  assert.equal(await page.locator('svg.map').isVisible(), false);
  await screenshot(page, 'phone-hand');
  await page.locator('#tab-tracks').tap();
  assert.equal(await page.locator('#turn-track').isVisible(), true);
  await page.locator('#tab-map').tap();
  assert.equal(await page.locator('svg.map').isVisible(), true);
  assert.ok(await inView(page, '#actions button.act'));
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(errors, []);
});

test('timing: first paint of the game page and the time of an update (desktop)', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await signUp(page, server.url, 'tim');
  const { id } = await createGame(page, { game: 'pacific-war', seat: 'japanese', opponent: 'random' });
  await waitMyTurn(page);
  // First paint: a fresh load of the game page until its board is drawn.
  await page.goto('about:blank');
  const t0 = Date.now();
  await page.goto(`${server.url}/#/game/${id}`);
  await page.waitForSelector('#game-page[data-version] svg.map');
  const loaded = Date.now() - t0;
  const fcp = await page.evaluate(() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || 0);
  // Updates: click to the next drawn position, 20 times; and the render time of each.
  const clicks = [];
  for (let i = 0; i < 20; i += 1) {
    await waitMyTurn(page, 60000);
    const v = await version(page);
    const t = Date.now();
    await page.locator('#actions button').first().click();
    await confirmIfAsked(page);
    await page.waitForFunction((x) => Number(document.querySelector('#game-page')?.dataset.version) > x, v);
    clicks.push(Date.now() - t);
  }
  const renders = await page.evaluate(() => performance.getEntriesByName('pacwar-render').map((e) => e.duration));
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const result = { board_drawn_ms: loaded, first_contentful_paint_ms: Math.round(fcp), click_to_update_median_ms: median(clicks),
                   click_to_update_max_ms: Math.max(...clicks), render_median_ms: renders.length ? Number(median(renders).toFixed(1)) : null,
                   render_max_ms: renders.length ? Number(Math.max(...renders).toFixed(1)) : null, renders: renders.length };
  const out = path.join(REPO, 'build', 'e2e-timing.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`# timing ${JSON.stringify(result)}`);
  assert.ok(renders.length >= 20);
  assert.deepEqual(errors, []);
});

test('phone 390x844: the lobby with games fits the screen, every button of the list on it and tappable', async () => {
  const errors = [];
  const page = await newPhonePage(browser, errors);
  await signUp(page, server.url, 'lobbyist');
  const open = await apiCall(page, server.url, 'POST', '/api/games', { game: 'co-prosperity', seat: 'japanese', opponent: 'random' });
  const done = await apiCall(page, server.url, 'POST', '/api/games', { game: 'pacific-war', seat: 'japanese', opponent: 'random' });
  await apiCall(page, server.url, 'POST', `/api/games/${done.id}/resign`);
  await page.goto(`${server.url}/#/`);
  await page.waitForSelector(`tr[data-game="${done.id}"] a[href="#/replay/${done.id}"]`);
  await page.waitForSelector(`tr[data-game="${open.id}"]`);
  await page.waitForSelector('#create');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
            `the page is ${await page.evaluate(() => document.documentElement.scrollWidth)} px wide`);
  // Each button of the rows: inside the screen's width and the topmost thing at its centre.
  const buttons = await page.evaluate(() => [...document.querySelectorAll('#my-games tr[data-game] a.button, #my-games tr[data-game] button')]
    .map((b) => {
      b.scrollIntoView({ block: 'center' });
      const r = b.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return { text: b.textContent, inside: r.left >= 0 && r.right <= window.innerWidth, hit: !!top && (top === b || b.contains(top)) };
    }));
  assert.ok(buttons.length >= 4, JSON.stringify(buttons));
  for (const b of buttons) assert.ok(b.inside && b.hit, JSON.stringify(b));
  await screenshot(page, 'phone-lobby');
  // A tap on "Create game" creates the game.
  await page.locator('#create').tap();
  await page.waitForURL(/#\/game\//);
  assert.deepEqual(errors, []);
});
