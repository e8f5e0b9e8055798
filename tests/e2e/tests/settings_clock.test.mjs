// The settings page (notifications: webhook, e-mail, events, browser notifications) by keyboard,
// with the server's field errors; a game between two people with a clock: the time control
// chosen in the lobby, the clock in the lobby and on the game page, and a browser notification
// (the Notifications API, recorded by a stand-in) when the invitation is accepted.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startServer, launchBrowser, newPage, newPhonePage, signUp, screenshot, axeViolations } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

// A stand-in for window.Notification that records what the page shows (headless chromium shows
// none), with the permission already granted.
async function recordNotifications(page) {
  await page.addInitScript(() => {
    window.__shown = [];
    class Recorder {
      constructor(title, options) { window.__shown.push({ title, body: options && options.body }); }
      static get permission() { return 'granted'; }
      static requestPermission() { return Promise.resolve('granted'); }
    }
    window.Notification = Recorder;
  });
}

test('settings page by keyboard: errors named, saved, kept', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await signUp(page, server.url, 'sally');
  await page.click('#settings-link');
  await page.waitForSelector('#webhook-url');
  // Keyboard only: a URL that is not http(s), Enter submits; the server's reason is shown.
  await page.focus('#webhook-url');
  await page.keyboard.type('ftp://example.org/hook');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#settings-msg').textContent.length > 0);
  // The field as the form labels it, not its API name.
  assert.match(await page.textContent('#settings-msg'), /^Webhook address: .*http and https/);
  assert.equal(await page.getAttribute('#webhook-url', 'aria-invalid'), 'true');
  await page.fill('#webhook-url', 'https://discord.com/api/webhooks/123/abc');
  await page.focus('#email');
  await page.keyboard.type('sally@example');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /^E-mail address: /.test(document.querySelector('#settings-msg').textContent));
  assert.equal(await page.getAttribute('#email', 'aria-invalid'), 'true');
  await page.fill('#email', 'sally@example.org');
  // Tab to the "game ends" box and turn it off with Space.
  await page.focus('input[name=turn]');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.focus('#save-settings');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#settings-msg')?.textContent === 'Saved.');
  await page.reload();
  await page.waitForSelector('#webhook-url');
  assert.equal(await page.inputValue('#webhook-url'), 'https://discord.com/api/webhooks/123/abc');
  assert.equal(await page.inputValue('#email'), 'sally@example.org');
  assert.equal(await page.isChecked('input[name=game_end]'), false);
  assert.equal(await page.isChecked('input[name=turn]'), true);
  const settings = await page.evaluate(() => fetch('/api/me/settings').then((r) => r.json()));
  assert.equal(settings.notify.game_end, false);
  assert.deepEqual(await axeViolations(page), []);
  await screenshot(page, 'settings');
  const phone = await newPhonePage(browser, errors);
  await phone.context().addCookies(await page.context().cookies());
  await phone.goto(`${server.url}/#/settings`);
  await phone.waitForSelector('#webhook-url');
  await screenshot(phone, 'phone-settings', { fullPage: true });
  assert.deepEqual(errors, []);
});

test('a clock between two people: chosen in the lobby, shown in the lobby and the game; a browser notification', async () => {
  const errors = [];
  const alice = await newPage(browser, errors);
  await recordNotifications(alice);
  const bob = await newPage(browser, errors);
  await signUp(alice, server.url, 'clockalice');
  // Alice asks for browser notifications.
  await alice.click('#settings-link');
  await alice.waitForSelector('#notify-browser');
  assert.equal(await alice.textContent('#permission-state'), 'Allowed in this browser.');
  await alice.check('#notify-browser');
  await alice.click('#save-settings');
  await alice.waitForFunction(() => document.querySelector('#settings-msg')?.textContent === 'Saved.');

  await alice.goto(`${server.url}/#/`);
  await alice.waitForSelector('#create');
  await alice.selectOption('select[name=game]', 'pacific-war');
  await alice.selectOption('select[name=seat]', 'japanese');
  assert.equal(await alice.isVisible('select[name=clock]'), false, 'no clock against the computer');
  await alice.selectOption('select[name=opponent]', 'human');
  await alice.selectOption('select[name=clock]', { label: '3 days per move' });
  await alice.click('#create');
  const invite = await (await alice.waitForSelector('#invite-link')).inputValue();

  await signUp(bob, server.url, 'clockbob');
  await bob.goto(invite);
  await bob.waitForURL(/#\/game\//);
  await bob.waitForSelector('#game-clock:not([hidden]) .clock-seat');
  const id = /#\/game\/([^/]+)/.exec(bob.url())[1];
  // The Allied player sets up first: Bob's clock runs, with 3 days less the seconds gone.
  assert.match(await bob.textContent('#game-clock .clock-seat.running'), /Allied 2d 23h|Allied 3d 0h/);
  assert.match(await bob.textContent('#game-clock'), /Japanese 3d 0h/);
  assert.match(await bob.getAttribute('#game-clock', 'title'), /3 days per move/);

  // Alice's open page shows a notification of the accepted invitation (before any reload: the
  // page that shows a notice marks it seen, so a reload would start with none), then her lobby
  // shows the clock.
  // The page polls 1 s after it loads, then every 15 s: allow for one missed poll on a busy machine.
  await alice.waitForFunction(() => window.__shown.length > 0, null, { timeout: 35000 });
  const shown = await alice.evaluate(() => window.__shown);
  await alice.reload();
  await alice.waitForFunction((g) => /left/.test(document.querySelector(`tr[data-game="${g}"] .lobby-clock`)?.textContent || ''), id);
  assert.match(await alice.textContent(`tr[data-game="${id}"] .lobby-clock`), /Allied 2d 23h left|Allied 3d 0h left/);
  assert.match(shown[0].title, /clockbob accepted your invitation/);
  assert.match(shown[0].body, new RegExp(`#${id}`));
  await screenshot(bob, 'clock');
  const phone = await newPhonePage(browser, errors);
  await phone.context().addCookies(await bob.context().cookies());
  await phone.goto(`${server.url}/#/game/${id}`);
  await phone.waitForSelector('#game-clock:not([hidden]) .clock-seat');
  await screenshot(phone, 'phone-clock');
  await screenshot(alice, 'lobby-clock');
  assert.deepEqual(errors, []);
});

// Moves the running clock of game `id` two hours back, as if its time had passed (python3's
// sqlite3 module on the server's file; the server's clock check then finds it run out).
function timePasses(db, id) {
  execFileSync('python3', ['-c', `
import sqlite3, sys
c = sqlite3.connect(sys.argv[1], timeout=10)
c.execute("UPDATE game_clocks SET turn_started = turn_started - 7200000, deadline = deadline - 7200000 WHERE game_id = ? AND deadline > 0", (sys.argv[2],))
c.commit()
`, db, id]);
}

test('out of time: the opponent claims the win on the game page, by keyboard', async () => {
  const errors = [];
  const alice = await newPage(browser, errors);
  const bob = await newPage(browser, errors);
  await signUp(alice, server.url, 'latealice');
  await signUp(bob, server.url, 'claimbob');
  const post = (page, url, body) => page.evaluate(([u, b]) => fetch(u, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b),
  }).then((r) => r.json()), [url, body]);
  // Alice (Japanese) invites Bob with one hour per move; Allied (Bob) sets up first.
  const created = await post(alice, '/api/games', {
    game: 'pacific-war', seat: 'japanese', opponent: 'human', clock: { kind: 'per_move', per_move_s: 3600 },
  });
  assert.ok(created.id, JSON.stringify(created));
  await post(bob, `/api/invites/${created.invite}`, {});
  await bob.goto(`${server.url}/#/game/${created.id}`);
  await bob.waitForSelector('#game-clock:not([hidden]) .clock-seat.running');
  // Bob passes the turn to Alice, whose hour then runs out.
  for (let i = 0; i < 20 && await bob.getAttribute('#game-page', 'data-your-turn') === 'true'; i += 1) {
    const version = Number(await bob.getAttribute('#game-page', 'data-version'));
    await bob.locator('#actions button').first().click();
    await bob.waitForFunction((v) => Number(document.querySelector('#game-page')?.dataset.version) > v, version);
  }
  assert.equal(await bob.getAttribute('#game-page', 'data-your-turn'), 'false');
  timePasses(server.db, created.id);
  const clockOf = (page) => page.evaluate((id) => fetch(`/api/games/${id}/clock`).then((r) => r.json()), created.id);
  for (let i = 0; i < 300 && !(await clockOf(bob)).clock.expired; i += 1) await bob.waitForTimeout(100);
  assert.equal((await clockOf(bob)).clock.expired, 'japanese');
  // Alice's page shows her time run out and no claim; Bob's page offers the claim.
  await alice.goto(`${server.url}/#/game/${created.id}`);
  await alice.waitForSelector('#game-clock .clock-seat.out');
  assert.equal(await alice.locator('#claim-timeout').count(), 0);
  await bob.reload();
  const claim = bob.locator('#claim-timeout');
  await claim.waitFor();
  await claim.focus();
  await bob.keyboard.press('Enter');
  await bob.waitForSelector('#turn-banner.over');
  assert.match(await bob.textContent('#turn-banner'), /Allied victory/);
  assert.deepEqual(errors, []);
});
