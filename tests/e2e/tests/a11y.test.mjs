// Accessibility sweep: axe-core (every impact: minor, moderate, serious, critical) on every page
// of the site at desktop (1440 x 900) and phone (390 x 844) sizes: log-in, lobby with games, a
// Pacific War game on the player's turn, a Co-Prosperity Sphere game, the replay of a finished
// game, a spectator's view of another user's public game, settings, account, leaderboard and the
// War in the Pacific assistant (campaign list, Books, a calculator). Then the keyboard (the skip
// link, the focus on the prompt when it is your turn, Tabs to "Create game") and the maps (the
// whole map in view at first, the zoom buttons covering no area, no text selected by a drag, no
// key numbers on a touch screen). One server, one browser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, newPhonePage, signUp, apiCall, waitMyTurn, axeViolations, screenshot } from '../lib/harness.mjs';

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

async function logIn(page, url, username, password = 'correct horse 1') {
  await page.goto(`${url}/#/login`);
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('#login');
  await page.waitForSelector('[data-testid=username]');
}

test('axe-core finds no violation on any page, desktop and phone', async () => {
  const errors = [];
  const url = server.url;
  // Bob's public game against the computer, for Alice to watch.
  const bob = await newPage(browser, errors);
  await signUp(bob, url, 'bob');
  const watched = await apiCall(bob, url, 'POST', '/api/games', { game: 'pacific-war', seat: 'japanese', opponent: 'random', public: true });

  const desk = await newPage(browser, errors);
  await desk.setViewportSize({ width: 1440, height: 900 });
  const loginFound = [];
  await desk.goto(`${url}/#/login`);
  await desk.waitForSelector('#signup');
  loginFound.push(...(await axeViolations(desk)).map((v) => `desktop login: ${v}`));
  await signUp(desk, url, 'alice');
  const pw = await apiCall(desk, url, 'POST', '/api/games', { game: 'pacific-war', seat: 'japanese', opponent: 'random' });
  const cps = await apiCall(desk, url, 'POST', '/api/games', { game: 'co-prosperity', seat: 'japanese', opponent: 'random' });
  const done = await apiCall(desk, url, 'POST', '/api/games', { game: 'pacific-war', seat: 'japanese', opponent: 'random' });
  await apiCall(desk, url, 'POST', `/api/games/${done.id}/resign`);
  const witp = await apiCall(desk, url, 'POST', '/api/witp/campaigns', { name: 'Leyte 1944', start_cycle: '0/3/44' });

  const phone = await newPhonePage(browser, errors);
  await phone.goto(`${url}/#/login`);
  await phone.waitForSelector('#signup');
  loginFound.push(...(await axeViolations(phone)).map((v) => `phone login: ${v}`));
  await logIn(phone, url, 'alice');

  const pages = [
    ['lobby', '#/', async (p) => { await p.waitForSelector(`tr[data-game="${done.id}"]`); await p.waitForSelector('#create'); }],
    ['pacific-war game', `#/game/${pw.id}`, async (p) => { await waitMyTurn(p); }],
    ['co-prosperity game', `#/game/${cps.id}`, async (p) => { await p.waitForSelector('#game-page[data-version] svg.map'); }],
    ['replay', `#/replay/${done.id}`, async (p) => { await p.waitForSelector('#replay-step'); await p.waitForSelector('svg.map'); }],
    ['spectator', `#/game/${watched.id}`, async (p) => { await p.waitForSelector('#game-page[data-version] svg.map'); }],
    ['settings', '#/settings', async (p) => { await p.waitForSelector('#save-settings'); }],
    ['account', '#/account', async (p) => { await p.waitForSelector('#change-password'); }],
    ['leaderboard', '#/leaderboard/pacific-war', async (p) => { await p.waitForSelector('#computer-ratings'); }],
    ['witp campaigns', '#/witp', async (p) => { await p.waitForSelector('#witp-create'); await p.waitForSelector(`a[href="#/witp/${witp.id}/books"]`); }],
    ['witp books', `#/witp/${witp.id}/books`, async (p) => { await p.waitForSelector('.witp-books'); }],
    ['witp calculator', `#/witp/${witp.id}/calculators/naval-repair`, async (p) => { await p.waitForSelector('form[data-calculator=naval-repair]'); }],
  ];
  const found = [...loginFound];
  for (const [size, page] of [['desktop', desk], ['phone', phone]]) {
    for (const [name, hash, ready] of pages) {
      await page.goto(`${url}/${hash}`);
      await ready(page);
      found.push(...(await axeViolations(page)).map((v) => `${size} ${name}: ${v}`));
    }
  }
  assert.deepEqual(found, []);
  assert.deepEqual(errors, []);
});

// Every area of the map (its circle and its name) lies inside the map's box on the screen and
// clear of the zoom buttons; returns the areas that do not.
async function areasOutOrCovered(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('svg.map');
    const m = svg.getBoundingClientRect();
    const view = { left: Math.max(m.left, 0), top: m.top, right: Math.min(m.right, window.innerWidth), bottom: m.bottom };
    const controls = [...document.querySelectorAll('.zoom-controls button')].map((b) => b.getBoundingClientRect());
    const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const bad = [];
    for (const g of svg.querySelectorAll('.nodes .node')) {
      for (const el of [g.querySelector('.oz'), g.querySelector('.oz-name')]) {
        if (!el) continue;
        const r = el.getBoundingClientRect();
        const inside = r.left >= view.left - 0.5 && r.right <= view.right + 0.5 && r.top >= view.top - 0.5 && r.bottom <= view.bottom + 0.5;
        if (!inside || controls.some((c) => meets(c, r))) bad.push(`${g.dataset.node} ${el.classList[0]}`);
      }
    }
    return bad;
  });
}

test('maps: whole map in view, zoom buttons clear of every area, a drag selects no text, no key numbers on touch', async () => {
  const errors = [];
  const url = server.url;
  const desk = await newPage(browser, errors);
  await signUp(desk, url, 'mapper');
  const games = [];
  for (const game of ['pacific-war', 'co-prosperity']) {
    games.push({ game, ...(await apiCall(desk, url, 'POST', '/api/games', { game, seat: 'japanese', opponent: 'random' })) });
  }
  const phone = await newPhonePage(browser, errors);
  await logIn(phone, url, 'mapper');
  const problems = [];
  for (const [name, page, size] of [['1440', desk, { width: 1440, height: 900 }], ['1280', desk, { width: 1280, height: 800 }], ['phone', phone, null]]) {
    if (size) await page.setViewportSize(size);
    for (const g of games) {
      await page.goto(`${url}/#/game/${g.id}`);
      await waitMyTurn(page);
      const bad = await areasOutOrCovered(page);
      if (bad.length) problems.push(`${name} game ${g.id}: ${bad.join(', ')}`);
      await screenshot(page, `a11y-map-${name}-${g.game}`);
    }
  }
  assert.deepEqual(problems, []);

  // A drag across the map (after zooming in, so it pans) selects no text.
  await desk.setViewportSize({ width: 1440, height: 900 });
  await desk.goto(`${url}/#/game/${games[0].id}`);
  await waitMyTurn(desk);
  await desk.click('.zoom-controls button[aria-label="Zoom in"]');
  const box = await desk.locator('svg.map').boundingBox();
  await desk.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4);
  await desk.mouse.down();
  await desk.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6, { steps: 8 });
  await desk.mouse.up();
  assert.equal(await desk.evaluate(() => getSelection().toString()), '');
  // The log's text still selects.
  assert.equal(await desk.evaluate(() => getComputedStyle(document.querySelector('ol.log')).userSelect), 'auto');

  // Key numbers: shown with a mouse, not on a touch screen.
  assert.ok(await desk.locator('#actions kbd').first().isVisible());
  await phone.goto(`${url}/#/game/${games[0].id}`);
  await waitMyTurn(phone);
  assert.equal(await phone.locator('#actions kbd:visible').count(), 0);
  assert.deepEqual(errors, []);
});

test('keyboard: the skip link first, the focus on the prompt on your turn, few Tabs to "Create game"', async () => {
  const errors = [];
  const url = server.url;
  const page = await newPage(browser, errors);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page, url, 'keys');
  const g = await apiCall(page, url, 'POST', '/api/games', { game: 'pacific-war', seat: 'japanese', opponent: 'random' });

  // The lobby: Tab once reaches the skip link; Enter puts the focus in the main part.
  await page.goto(`${url}/#/`);
  await page.reload();
  await page.waitForSelector('#create');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'skip-link');
  assert.equal(await page.textContent('#skip-link'), 'Skip to main content');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'page');
  // Tabs from the lobby's load to "Create game".
  await page.reload();
  await page.waitForSelector('#create');
  let tabs = 0;
  while (tabs < 60 && await page.evaluate(() => document.activeElement.id) !== 'create') {
    await page.keyboard.press('Tab');
    tabs += 1;
  }
  console.log(`Tabs from the lobby's load to "Create game": ${tabs}`);
  assert.ok(tabs < 60, `${tabs} Tabs to "Create game"`);
  // The second skip link, "Skip to New game", goes past the lists of games.
  await page.reload();
  await page.waitForSelector('#create');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'skip-new-game');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.name), 'game');
  let more = 0;
  while (more < 30 && await page.evaluate(() => document.activeElement.id) !== 'create') {
    await page.keyboard.press('Tab');
    more += 1;
  }
  console.log(`By the skip link: Tab, Tab, Enter, then ${more} Tabs to "Create game"`);
  assert.ok(more < 30);

  // The game on your turn: the focus is on the prompt; the skip link goes to the first action.
  await page.goto(`${url}/#/game/${g.id}`);
  await page.reload();
  await waitMyTurn(page);
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'prompt');
  await page.focus('#skip-link');
  assert.equal(await page.textContent('#skip-link'), 'Skip to your move');
  await page.keyboard.press('Enter');
  assert.ok(await page.evaluate(() => !!document.activeElement.closest('#actions')), 'the focus is in the actions');
  // The focus ring of a map area is the heavy one (a 5 px stroke on its halo).
  await page.focus('svg.map .node[data-node="Midway"]');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => getComputedStyle(document.activeElement.querySelector('.halo')).strokeWidth), '5px');
  await screenshot(page, 'a11y-focus-map-area', { clip: { x: 400, y: 120, width: 600, height: 400 } });
  assert.deepEqual(errors, []);
});
