// One card played on several targets is one button that opens a menu of its targets (web/
// actions.js, issue 37), at desktop and phone sizes, by mouse and by keyboard. A game between two
// people is played through the API with seeded random choices until the seat to move has such a
// card (The Pacific War's A16 Arsenal of Democracy, say); then its page is opened.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, newPhonePage, signUp, screenshot, axeViolations, apiCall, waitMyTurn, confirmIfAsked, seeded } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const call = (page, method, route, body) => apiCall(page, server.url, method, route, body);

// The groups of two or more actions among `legal`, by label.
function groupsOf(legal) {
  const size = new Map();
  for (const a of legal) if (a.group) size.set(a.group, (size.get(a.group) || 0) + 1);
  return [...size].filter(([, n]) => n >= 2);
}

test('a card on several targets: one button, a menu of targets, desktop and phone, mouse and keyboard', async () => {
  const errors = [];
  const alice = await newPage(browser, errors);
  const bob = await newPage(browser, errors);
  await signUp(alice, server.url, 'grace');
  await signUp(bob, server.url, 'henry');
  const created = await call(alice, 'POST', '/api/games', { game: 'pacific-war', seat: 'japanese', opponent: 'human' });
  const token = /#\/invite\/(.+)$/.exec(created.invite_url || '')?.[1] || created.invite;
  await call(bob, 'POST', `/api/invites/${token}`, {});
  const id = created.id;

  const random = seeded(37);
  let player = null;
  let group = null;
  for (let step = 0; step < 2000 && !group; step += 1) {
    const a = await call(alice, 'GET', `/api/games/${id}`);
    assert.notEqual(a.status, 'finished', 'the game ended before a card with several targets came up');
    const [page, st] = a.your_turn ? [alice, a] : [bob, await call(bob, 'GET', `/api/games/${id}`)];
    const groups = groupsOf(st.legal);
    if (groups.length) {
      player = page;
      group = groups[0];
      break;
    }
    const pick = st.legal[Math.floor(random() * st.legal.length)];
    await call(page, 'POST', `/api/games/${id}/actions`, { action: pick.id, version: st.version });
  }
  assert.ok(group, 'no card with several targets in 2000 random actions');
  const [label, count] = group;

  // Desktop: one button for the card, saying how many choices; its menu lists them.
  await player.goto(`${server.url}/#/game/${id}`);
  await waitMyTurn(player);
  const button = player.locator('#actions button.act.group').first();
  assert.equal(await button.getAttribute('data-group'), label);
  assert.match(await button.textContent(), new RegExp(`\\(${count} choices\\)$`));
  assert.equal(await button.getAttribute('aria-haspopup'), 'menu');
  await screenshot(player, 'action-group-desktop');
  await button.click();
  await player.waitForSelector('.menu[role=menu]');
  assert.equal(await player.locator('.menu button').count(), count);
  await screenshot(player, 'action-group-desktop-menu');
  assert.deepEqual(await axeViolations(player), [], 'axe-core with the menu open');
  await player.keyboard.press('Escape');
  assert.equal(await player.locator('.menu').count(), 0);

  // By keyboard: Enter on the focused button opens the menu with its first target focused.
  await button.focus();
  await player.keyboard.press('Enter');
  await player.waitForSelector('.menu[role=menu]');
  const focused = () => player.evaluate(() => [...document.querySelectorAll('.menu button')].indexOf(document.activeElement));
  assert.equal(await focused(), 0, 'the first target has the focus');
  await player.keyboard.press('ArrowDown');
  assert.equal(await focused(), 1, 'ArrowDown moves to the next target');
  await player.keyboard.press('ArrowUp');
  await player.keyboard.press('ArrowUp');
  assert.equal(await focused(), count - 1, 'ArrowUp from the first goes round to the last');
  await player.keyboard.press('Escape');

  // Phone: the button and its menu fit the 390 px screen; the page does not scroll sideways.
  const phone = await newPhonePage(browser, errors);
  await phone.context().addCookies(await player.context().cookies());
  await phone.goto(`${server.url}/#/game/${id}`);
  await waitMyTurn(phone);
  const small = phone.locator('#actions button.act.group').first();
  // The page may redraw once more as its live stream connects (every update rebuilds the
  // buttons): the locator finds the new button on the next try.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await small.scrollIntoViewIfNeeded();
      break;
    } catch (e) {
      if (attempt >= 5 || !/not attached/.test(String(e.message))) throw e;
    }
  }
  const box = await small.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the button fits: ${JSON.stringify(box)}`);
  await screenshot(phone, 'action-group-phone');
  await small.tap();
  await phone.waitForSelector('.menu[role=menu]');
  const menu = await phone.locator('.menu').boundingBox();
  assert.ok(menu.x >= 0 && menu.x + menu.width <= 390 && menu.y >= 0 && menu.y + menu.height <= 844,
            `the menu is on the screen: ${JSON.stringify(menu)}`);
  assert.ok(await phone.evaluate(() => document.scrollingElement.scrollWidth <= 390), 'no sideways scrolling');
  await screenshot(phone, 'action-group-phone-menu');
  assert.deepEqual(await axeViolations(phone), [], 'axe-core on the phone with the menu open');

  // A choice in the menu is played.
  const before = Number(await phone.getAttribute('#game-page', 'data-version'));
  await phone.locator('.menu button').first().tap();
  await confirmIfAsked(phone);  // a card's event: "Play card" in the confirmation (web/confirm.js)
  await phone.waitForFunction((v) => Number(document.querySelector('#game-page')?.dataset.version) > v, before);
  assert.deepEqual(errors, []);
});
