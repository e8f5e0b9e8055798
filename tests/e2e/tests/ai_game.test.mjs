// Sign up, create a game against the computer, play by clicking the map, counters and cards;
// reload and find the game intact; combat shown step by step.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, signUp, createGame, clickAction, waitMyTurn, version, screenshot, axeViolations } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('The Pacific War against the computer: sign up, click actions, reload intact, combat', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await signUp(page, server.url, 'alice');
  assert.equal(await page.textContent('[data-testid=username]'), 'alice');
  await page.waitForSelector('#create');
  await screenshot(page, 'lobby');
  assert.deepEqual(await axeViolations(page), [], 'axe-core on the lobby');

  const { id } = await createGame(page, { game: 'pacific-war', seat: 'japanese', opponent: 'random' });
  assert.ok(id);
  await waitMyTurn(page);
  assert.equal(await page.textContent('#turn-banner'), 'Your turn');
  assert.match(await page.textContent('.prompt-text'), /14\.2/);
  // The header names my side first; the map is a map of the Pacific (land from Natural Earth).
  assert.match(await page.textContent('.game-head'), /Japanese: alice vs Allied: Computer: random moves/);
  assert.ok((await page.getAttribute('svg.map path.land', 'd')).length > 10000);
  assert.deepEqual(await axeViolations(page), [], 'axe-core on the game page');

  // Keyboard: a number key takes that action and the focus stays in the action list; every
  // OZ and counter is reachable by Tab.
  await page.locator('#actions button.act').first().focus();
  const vKey = await version(page);
  await page.keyboard.press('1');
  await page.waitForFunction((v) => Number(document.querySelector('#game-page')?.dataset.version) > v, vKey);
  await waitMyTurn(page);
  assert.ok(await page.evaluate(() => !!document.activeElement.closest('#actions')), 'focus stays on the action list');
  assert.equal(await page.locator('svg.map .node[tabindex="0"]').count(), 22);
  assert.equal(await page.locator('svg.counter:not([tabindex="0"])').count(), 0);
  await page.locator('#actions button.act').first().focus();
  const vEnter = await version(page);
  await page.keyboard.press('Enter');
  await page.waitForFunction((v) => Number(document.querySelector('#game-page')?.dataset.version) > v, vEnter);
  await waitMyTurn(page);
  assert.ok(await page.evaluate(() => !!document.activeElement.closest('#actions')), 'focus stays after Enter');

  // Set-up (14.2) by clicking OZs on the map: each click places the unit named in the prompt.
  const start = await version(page);
  const clicks = [];
  for (let i = 0; i < 5; i += 1) clicks.push(await clickAction(page, ['node']));
  assert.ok(clicks.every((c) => c.startsWith('node')), clicks.join(','));
  assert.ok(await version(page) >= start + 5);

  // Undo takes back the last placement (no die roll or card since).
  assert.equal(await page.isDisabled('#undo'), false);
  const vUndo = await version(page);
  await page.click('#undo');
  await page.waitForFunction((v) => Number(document.querySelector('#game-page')?.dataset.version) === v - 1, vUndo);
  await clickAction(page, ['node']);

  // The lobby shows that it is my turn in this game.
  await page.goto(`${server.url}/#/`);
  await page.waitForSelector(`tr[data-game="${id}"].your-turn`);
  await page.click(`tr[data-game="${id}"] a[href="#/game/${id}"]`);
  await page.waitForSelector('#game-page[data-version]');

  // Reload: the same position (version, log, prompt, the units on the map).
  const vBefore = await version(page);
  const logBefore = await page.textContent('#game-log');
  const promptBefore = await page.textContent('.prompt-text');
  await page.reload();
  await page.waitForSelector('#game-page[data-version]');
  assert.equal(await version(page), vBefore);
  assert.equal(await page.textContent('#game-log'), logBefore);
  assert.equal(await page.textContent('.prompt-text'), promptBefore);

  // Finish the set-up and play on, clicking, until a combat asks us to allocate hits (9.2.4:
  // Pearl Harbor on Turn 0), then allocate them by clicking the counters.
  let sawCombat = false;
  for (let i = 0; i < 200 && !sawCombat; i += 1) {
    await waitMyTurn(page, 60000);
    if (await page.locator('#combat').count() && /9\.2\.4/.test(await page.textContent('.prompt-text'))) {
      sawCombat = true;
      break;
    }
    await clickAction(page);
  }
  assert.ok(sawCombat, 'a combat with hits to allocate');
  assert.match(await page.textContent('#combat'), /CRT column/);
  assert.ok(await page.locator('#combat svg.die').count() > 0, 'the airstrike die is drawn');
  assert.ok(await page.locator('svg.map .combat-ring').count() === 1, 'the combat OZ is marked on the map');
  const hitsBefore = Number(await page.textContent('[data-fact="Hits to allocate"]'));
  if (hitsBefore > 1) assert.ok(await page.locator('#actions button.repeat').count() > 0, 'one click for all the hits');
  assert.equal(await clickAction(page, ['counter']), 'counter');
  if (hitsBefore > 1) {
    await waitMyTurn(page);
    assert.equal(Number(await page.textContent('[data-fact="Hits to allocate"]')), hitsBefore - 1);
    assert.equal(await page.locator('#stack svg.counter .hit-badge').count(), 1, 'the hit allocated is shown on its counter');
    await page.locator('#combat').scrollIntoViewIfNeeded();
    await screenshot(page, 'combat');
    // ×N: the same pick for every hit left, sent one action at a time while it stays legal.
    const left = hitsBefore - 1;
    if (left > 1) {
      const vRepeat = await version(page);
      await page.locator('#actions button.repeat').first().click();
      await page.waitForFunction((v) => Number(document.querySelector('#game-page')?.dataset.version) >= v + 2, vRepeat,
                                 { timeout: 60000 });
    }
  }
  // A few more actions by clicking whatever the prompt asks, then the mid-game screenshot.
  for (let i = 0; i < 25; i += 1) await clickAction(page);
  await waitMyTurn(page, 60000);
  await screenshot(page, 'game', { fullPage: true });
  assert.deepEqual(errors, []);
});

test('Co-Prosperity Sphere against the computer: the map and clicks work', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await signUp(page, server.url, 'carol');
  await createGame(page, { game: 'co-prosperity', seat: 'japanese', opponent: 'random' });
  assert.equal(await page.getAttribute('svg.map', 'data-game'), 'co-prosperity');
  assert.equal(await page.locator('svg.map .node').count(), 26);  // 24 spaces + 2 Retreat Boxes
  const start = await version(page);
  for (let i = 0; i < 6; i += 1) await clickAction(page);
  assert.ok(await version(page) >= start + 6);
  await waitMyTurn(page, 60000);
  await screenshot(page, 'co-prosperity', { fullPage: true });
  // Printed space names in the texts, card icons in the hand.
  assert.doesNotMatch(await page.textContent('#game-page'), /Pearl-Harbor/);
  assert.ok(await page.locator('#hand .card-icons .icon').count() > 0 || (await page.locator('#hand .game-card').count()) === 0);
  assert.deepEqual(errors, []);
});
