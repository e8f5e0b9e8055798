// An action that plays, reveals or discards a card asks first, naming the card (web/confirm.js,
// issue 40); every other action stays one click. A game of The Pacific War between two people
// is played through the API with seeded random choices until the seat to move may play a card;
// then its page is opened: Cancel (mouse, Escape) changes nothing, "Play card" plays it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, newPhonePage, signUp, screenshot, axeViolations, apiCall, waitMyTurn, version, seeded } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const call = (page, method, route, body) => apiCall(page, server.url, method, route, body);
const handOf = (st) => (((st.view.hands || {})[st.seat] || {}).cards || []);
// The legal actions that name a card of the hand, with that card (the page's rule, from data).
function cardActions(st) {
  const hand = handOf(st);
  return st.legal.map((a) => ({ a, card: hand.find((c) => a.id.split(' ').includes(c.id)) })).filter((x) => x.card);
}

test('a card play asks for a confirmation naming the card; Cancel changes nothing; other actions do not ask', async () => {
  const errors = [];
  const alice = await newPage(browser, errors);
  const bob = await newPage(browser, errors);
  await signUp(alice, server.url, 'ada');
  await signUp(bob, server.url, 'ben');
  const created = await call(alice, 'POST', '/api/games', { game: 'pacific-war', seat: 'japanese', opponent: 'human' });
  const token = /#\/invite\/(.+)$/.exec(created.invite_url || '')?.[1] || created.invite;
  await call(bob, 'POST', `/api/invites/${token}`, {});
  const id = created.id;

  // A non-card action (the Allied set-up, 14.1: an LBA placed by a click on the map) is one click.
  await bob.goto(`${server.url}/#/game/${id}`);
  await waitMyTurn(bob);
  const v0 = await version(bob);
  await bob.locator('svg.map .node.target .oz').first().click();
  assert.equal(await bob.locator('#card-confirm').count(), 0, 'no confirmation for placing a unit');
  await bob.waitForFunction((v) => Number(document.querySelector('#game-page')?.dataset.version) > v, v0);

  // Random play until the seat to move may play a card from a button of its own.
  const random = seeded(40);
  let player = null;
  let st = null;
  let pick = null;
  for (let step = 0; step < 3000; step += 1) {
    const a = await call(alice, 'GET', `/api/games/${id}`);
    assert.notEqual(a.status, 'finished', 'the game ended before a card could be played');
    const [page, s] = a.your_turn ? [alice, a] : [bob, await call(bob, 'GET', `/api/games/${id}`)];
    const plain = cardActions(s).filter(({ a: x }) => !x.group || s.legal.filter((y) => y.group === x.group).length < 2);
    if (plain.length && s.legal.length > plain.length) {
      [player, st, pick] = [page, s, plain[0]];
      break;
    }
    const choice = s.legal[Math.floor(random() * s.legal.length)];
    await call(page, 'POST', `/api/games/${id}/actions`, { action: choice.id, version: s.version });
  }
  assert.ok(pick, 'no card play came up in 3000 random actions');
  const { a: action, card } = pick;

  await player.goto(`${server.url}/#/game/${id}`);
  await waitMyTurn(player);
  const button = player.locator(`#actions button.act[data-action="${action.id}"]`);
  await button.click();
  const dialog = player.getByRole('dialog', { name: new RegExp(`${card.id} ${card.name}`) });
  await dialog.waitFor();
  assert.match(await player.textContent('#card-confirm-title'), new RegExp(`^(Play|Discard) ${card.id} ${card.name}\\?$`));
  assert.ok((await player.textContent('#card-confirm-what')).length > 10, 'the effect is told');
  assert.equal(await player.locator('#confirm-card').getAttribute('data-action'), action.id);
  await screenshot(player, 'card-confirm-desktop');
  assert.deepEqual(await axeViolations(player), [], 'axe-core with the confirmation open');
  // Cancel: the game is unchanged (the same version from the API); the focus is back.
  await player.click('#cancel-card');
  assert.equal(await player.locator('#card-confirm').count(), 0);
  assert.equal((await call(player, 'GET', `/api/games/${id}`)).version, st.version);
  assert.equal(await player.evaluate(() => document.activeElement?.getAttribute('data-action')), action.id);

  // By keyboard: Enter opens it with the focus inside; Escape closes it, the focus returns.
  await button.focus();
  await player.keyboard.press('Enter');
  await dialog.waitFor();
  assert.equal(await player.evaluate(() => document.activeElement?.closest('#card-confirm') !== null), true, 'focus in the dialog');
  await player.keyboard.press('2');  // the number keys do nothing behind the dialog
  await player.keyboard.press('Escape');
  assert.equal(await player.locator('#card-confirm').count(), 0);
  assert.equal(await player.evaluate(() => document.activeElement?.getAttribute('data-action')), action.id);
  assert.equal((await call(player, 'GET', `/api/games/${id}`)).version, st.version);

  // The card in the hand asks too (after its menu, when it has several actions).
  await player.locator(`#hand .game-card.clickable[data-card="${card.id}"]`).click();
  if (await player.locator('.menu button').count()) await player.locator('.menu button').first().click();
  await player.waitForSelector('#card-confirm[open]');
  await player.keyboard.press('Escape');
  assert.equal((await call(player, 'GET', `/api/games/${id}`)).version, st.version);
  assert.equal(await player.evaluate(() => document.activeElement?.getAttribute('data-card')), card.id, 'focus back on the card');

  // On a phone the dialog fits the screen.
  const phone = await newPhonePage(browser, errors);
  await phone.context().addCookies(await player.context().cookies());
  await phone.goto(`${server.url}/#/game/${id}`);
  await waitMyTurn(phone);
  await phone.locator(`#actions button.act[data-action="${action.id}"]`).tap();
  const box = await phone.locator('#card-confirm').boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844, JSON.stringify(box));
  await screenshot(phone, 'card-confirm-phone');
  await phone.locator('#cancel-card').tap();
  assert.equal((await call(phone, 'GET', `/api/games/${id}`)).version, st.version);

  // "Play card" plays it: the next version, the card gone from the hand.
  await button.click();
  await player.click('#confirm-card');
  await player.waitForFunction((v) => Number(document.querySelector('#game-page')?.dataset.version) > v, st.version);
  const after = await call(player, 'GET', `/api/games/${id}`);
  assert.ok(after.version > st.version);
  assert.ok(!(((after.view.hands || {})[after.seat] || {}).cards || []).some((c) => c.id === card.id), 'the card left the hand');
  assert.deepEqual(errors, []);
});
