// Accounts in the browser (issue 15): the lobby's labels, filter and cancel button; the account
// page driven by keyboard (change the password, log out everywhere, delete the account) at
// desktop and phone sizes; an opponent's finished game shows "deleted user".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, newPhonePage, signUp, createGame, screenshot, axeViolations } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const JSON_HEADERS = { 'Content-Type': 'application/json' };

async function rowText(page, id) {
  return page.textContent(`tr[data-game="${id}"]`);
}

test('lobby labels, filter and cancel; the account page', async () => {
  const errors = [];
  const alice = await newPage(browser, errors);
  await signUp(alice, server.url, 'alice', 'first pass 1');

  // A game against the computer: its label, not "mcts:normal".
  const { id: aiGame } = await createGame(alice, { opponent: 'mcts:normal' });
  // A game against a friend, waiting: cancelled from the lobby.
  await alice.goto(`${server.url}/#/`);
  await createGame(alice, { opponent: 'human' });
  const waiting = await alice.waitForSelector('tr:has(button.cancel-game)');
  const waitingId = await waiting.getAttribute('data-game');
  await alice.waitForSelector(`tr[data-game="${aiGame}"]`);
  assert.match(await rowText(alice, aiGame), /Computer: MCTS normal/);
  assert.doesNotMatch(await rowText(alice, aiGame), /mcts:normal/);
  await alice.click(`tr[data-game="${waitingId}"] button.cancel-game`);  // the dialog is accepted
  await alice.waitForSelector(`tr[data-game="${waitingId}"]`, { state: 'detached' });
  assert.match(await alice.textContent('#invite-box'), /cancelled/);

  // Resigned, then filtered.
  const resign = await alice.request.post(`${server.url}/api/games/${aiGame}/resign`, { data: {}, headers: JSON_HEADERS });
  assert.equal(resign.status(), 200);
  await alice.selectOption('#games-filter', 'resigned');
  await alice.waitForSelector(`tr[data-game="${aiGame}"] .turn:text("You resigned")`);
  await alice.selectOption('#games-filter', 'waiting');
  await alice.waitForSelector('#my-games p:text("No games of this kind.")');
  await alice.selectOption('#games-filter', 'finished');
  await alice.waitForSelector(`tr[data-game="${aiGame}"]`);
  await screenshot(alice, 'lobby-filter');

  // A second session of alice (another browser): ended by the password change.
  const other = await newPage(browser, errors);
  await other.goto(`${server.url}/#/login`);
  await other.fill('input[name=username]', 'alice');
  await other.fill('input[name=password]', 'first pass 1');
  await other.click('#login');
  await other.waitForSelector('[data-testid=username]');

  // The account page, by keyboard: the user name in the bar is its link.
  await alice.focus('[data-testid=username]');
  await alice.keyboard.press('Enter');
  await alice.waitForSelector('#change-password');
  assert.equal(await alice.evaluate(() => document.activeElement.id), 'old-password');
  await alice.keyboard.type('wrong pass 9');
  await alice.keyboard.press('Tab');
  await alice.keyboard.type('second pass 2');
  await alice.keyboard.press('Enter');
  await alice.waitForSelector('#password-msg.error:text("wrong")');
  await alice.fill('#old-password', 'first pass 1');
  await alice.focus('#new-password');
  await alice.keyboard.press('Enter');
  await alice.waitForSelector('#password-msg:text("Password changed")');
  assert.deepEqual(await axeViolations(alice), []);
  await screenshot(alice, 'account');
  const otherMe = await other.request.get(`${server.url}/api/me`);
  assert.equal(otherMe.status(), 401);
  const mine = await alice.request.get(`${server.url}/api/me`);
  assert.equal(mine.status(), 200);

  // Phone size.
  const phone = await newPhonePage(browser, errors);
  await phone.goto(`${server.url}/#/login`);
  await phone.fill('input[name=username]', 'alice');
  await phone.fill('input[name=password]', 'second pass 2');
  await phone.click('#login');
  await phone.waitForSelector('[data-testid=username]');
  await phone.goto(`${server.url}/#/account`);
  await phone.waitForSelector('#delete-account');
  await screenshot(phone, 'account-phone', { fullPage: true });
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the account page is ${width} px wide on a phone`);

  // Log out everywhere: this page goes to the log-in form, the phone is logged out too.
  await alice.click('#logout-all-submit');
  await alice.waitForSelector('#login');
  assert.equal((await phone.request.get(`${server.url}/api/me`)).status(), 401);
  assert.deepEqual(errors, []);
});

test('deleting the account: the opponent sees "deleted user"', async () => {
  const errors = [];
  const carol = await newPage(browser, errors);
  const dave = await newPage(browser, errors);
  await signUp(carol, server.url, 'carol', 'carol pass 1');
  await signUp(dave, server.url, 'dave', 'dave pass 1');
  const created = await (await carol.request.post(`${server.url}/api/games`, {
    data: { game: 'pacific-war', seat: 'japanese', opponent: 'human' }, headers: JSON_HEADERS })).json();
  const joined = await dave.request.post(`${server.url}/api/invites/${created.invite}`, { data: {}, headers: JSON_HEADERS });
  assert.equal(joined.status(), 200);

  await carol.goto(`${server.url}/#/account`);
  await carol.fill('#delete-password', 'not it 12');
  await carol.click('#delete-account-submit');
  await carol.waitForSelector('#delete-msg.error:text("wrong")');
  await carol.fill('#delete-password', 'carol pass 1');
  await carol.click('#delete-account-submit');  // the confirmation dialog is accepted
  await carol.waitForSelector('#login');
  await carol.fill('input[name=username]', 'carol');
  await carol.fill('input[name=password]', 'carol pass 1');
  await carol.click('#login');
  await carol.waitForSelector('.auth .error:text("wrong username or password")');

  // Dave's lobby may still show the game as it was (it refreshes every few seconds): wait for
  // the row to show the deletion rather than read it once.
  await dave.goto(`${server.url}/#/`);
  await dave.waitForSelector(`tr[data-game="${created.id}"]:has-text("deleted user")`);
  const row = await rowText(dave, created.id);
  assert.match(row, /deleted user/);
  assert.match(row, /Japanese resigned/);
  await dave.goto(`${server.url}/#/game/${created.id}`);
  await dave.waitForSelector('#game-page[data-version]');
  assert.match(await dave.textContent('.game-head'), /deleted user/);
  assert.deepEqual(errors, []);
});

test('the cap on open games: the lobby says why a new game is refused', async () => {
  const capped = await startServer(['--max-open-games', '2']);
  try {
    const errors = [];
    const page = await newPage(browser, errors);
    await signUp(page, capped.url, 'capped');
    for (let i = 0; i < 2; i += 1) {
      await createGame(page, { opponent: 'random' });
      await page.goto(`${capped.url}/#/`);
    }
    await page.waitForSelector('#create');
    await page.selectOption('select[name=opponent]', 'random');
    await page.click('#create');
    await page.waitForSelector('p.error[role=alert]:not(:empty)');
    assert.match(await page.locator('p.error[role=alert]:not(:empty)').first().textContent(), /2 unfinished games, the most allowed/);
    assert.match(page.url(), /#\/$/);  // no game opened
    assert.equal(await page.locator('tr[data-game]').count(), 2);
    // Resigning one frees a place.
    const id = await page.locator('tr[data-game]').first().getAttribute('data-game');
    const resigned = await page.evaluate((g) => fetch(`/api/games/${g}/resign`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}',
    }).then((r) => r.status), id);
    assert.equal(resigned, 200);
    await createGame(page, { opponent: 'random' });
    assert.deepEqual(errors, []);
  } finally {
    await capped.stop();
  }
});
