// Open challenges, spectators, chat, ratings and rematch in the browser: Alice posts a rated,
// public challenge; Bob accepts it from the lobby; Carol watches from "Public games to watch"
// (the spectator's view: no actions, read-only chat); chat messages arrive live and show
// "<script>" as text; Alice resigns; the leaderboard ranks Bob first; Alice offers a rematch
// with sides swapped and Bob accepts it. With PACWAR_E2E_SHOTS set it also writes the
// leaderboard and spectated-game screenshots of docs/img (desktop and phone).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, newPhonePage, signUp, clickAction, screenshot, version } from '../lib/harness.mjs';

const shots = !!process.env.PACWAR_E2E_SHOTS;
let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('challenge, spectator, chat, leaderboard, rematch', async () => {
  const errors = [];
  const alice = await newPage(browser, errors);
  const bob = await newPage(browser, errors);
  const carol = await newPage(browser, errors);
  await signUp(alice, server.url, 'alice');
  await signUp(bob, server.url, 'bob');
  await signUp(carol, server.url, 'carol');

  // Alice posts an open, rated, public challenge whose spectators may read the chat.
  await alice.waitForSelector('#create');
  await alice.selectOption('select[name=game]', 'pacific-war');
  await alice.selectOption('select[name=seat]', 'japanese');
  await alice.selectOption('select[name=opponent]', 'human');
  await alice.check('#opt-rated');
  await alice.check('#opt-public');
  await alice.check('#opt-spectator-chat');
  await alice.check('#opt-open');
  await alice.selectOption('select[name=clock]', '2');  // 3 days per move
  await alice.click('#create');
  await alice.waitForSelector('#challenge-posted');
  await alice.waitForSelector('#challenges tr[data-challenge]');
  assert.match(await alice.textContent('#challenges tr[data-challenge]'), /yours/);

  // Bob accepts it from his lobby, by keyboard.
  await bob.reload();
  const accept = bob.locator('#challenges tr[data-challenge] button.accept');
  await accept.waitFor();
  assert.match(await bob.textContent('#challenges tr[data-challenge]'), /alice/);
  // The lobby shows the challenge's clock; the game started by accepting it has it.
  assert.match(await bob.textContent('#challenges tr[data-challenge] .challenge-clock'), /3 days per move/);
  await accept.focus();
  await bob.keyboard.press('Enter');
  await bob.waitForURL(/#\/game\//);
  await bob.waitForSelector('#game-page[data-version]');
  const id = /#\/game\/([^/]+)/.exec(bob.url())[1];
  await bob.waitForSelector('#game-clock:not([hidden])');
  assert.match(await bob.textContent('.game-head'), /You play Allied/);
  for (let i = 0; i < 6 && await bob.getAttribute('#game-page', 'data-your-turn') === 'true'; i += 1) await clickAction(bob);

  // Carol finds it among the public games and watches.
  await carol.reload();
  const watch = carol.locator(`#public-games tr[data-public="${id}"] a.watch`);
  await watch.waitFor();
  await watch.click();
  await carol.waitForSelector('#game-page[data-version]');
  assert.match(await carol.textContent('.game-head'), /Spectating/);
  assert.equal(await carol.locator('#actions button').count(), 0);
  assert.equal(await carol.locator('#undo, #resign').count(), 0);
  await carol.waitForSelector('#chat .readonly');
  assert.equal(await carol.locator('#chat-input').count(), 0);

  // Alice writes in the chat (Enter sends); Bob and Carol see it live, as text.
  await alice.goto(`${server.url}/#/game/${id}`);
  await alice.waitForSelector('#chat-input');
  const evil = '<script>window.__pwned = 1</script><b>hi</b>';
  await alice.fill('#chat-input', evil);
  await alice.press('#chat-input', 'Enter');
  for (const page of [alice, bob, carol]) {
    await page.waitForFunction(() => document.querySelectorAll('#chat-list li[data-n]').length >= 1);
    assert.equal(await page.locator('#chat-list .chat-text').first().textContent(), evil);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.equal(await page.locator('#chat-list b').count(), 0);
  }
  // Too long: the server's clear error (the box's maxlength is bypassed on purpose).
  await bob.waitForSelector('#chat-input');
  await bob.evaluate(() => { document.getElementById('chat-input').removeAttribute('maxlength'); });
  await bob.fill('#chat-input', 'x'.repeat(501));
  await bob.click('#chat-send');
  await bob.waitForFunction(() => /at most 500 characters/.test(document.getElementById('chat-error').textContent));
  await bob.fill('#chat-input', 'good luck');
  await bob.press('#chat-input', 'Enter');
  await carol.waitForFunction(() => document.querySelectorAll('#chat-list li[data-n]').length >= 2);
  // Carol's board follows Bob's moves live.
  await bob.waitForSelector('#game-page[data-your-turn]');
  if (await bob.getAttribute('#game-page', 'data-your-turn') === 'true') {
    await clickAction(bob);
    const v = await version(bob);
    await carol.waitForFunction((x) => Number(document.querySelector('#game-page')?.dataset.version) >= x, v);
  }
  if (shots) {
    await screenshot(carol, 'spectated-game');
    const phone = await newPhonePage(browser, errors);
    await phone.context().addCookies(await carol.context().cookies());
    await phone.goto(`${server.url}/#/game/${id}`);
    await phone.waitForSelector('#game-page[data-version]');
    await phone.click('#tab-log');
    await phone.waitForSelector('#chat-list li[data-n]');
    await screenshot(phone, 'phone-spectated-game');
  }

  // Alice resigns: the rated game moves both ratings; Bob ranks first.
  await alice.click('#resign');
  await alice.waitForSelector('#turn-banner.over');
  await carol.goto(`${server.url}/#/leaderboard/pacific-war`);
  await carol.waitForSelector('#ratings tr[data-user="bob"]');
  assert.match(await carol.textContent('#ratings tbody tr:first-child'), /bob/);
  assert.match(await carol.textContent('#computer-ratings'), /random/);
  if (shots) {
    await screenshot(carol, 'leaderboard');
    const phone = await newPhonePage(browser, errors);
    await phone.context().addCookies(await carol.context().cookies());
    await phone.goto(`${server.url}/#/leaderboard/pacific-war`);
    await phone.waitForSelector('#ratings tr[data-user="bob"]');
    await screenshot(phone, 'phone-leaderboard');
  }

  // Rematch with sides swapped: offered to Bob only.
  await alice.click(`button[data-rematch="${id}"]`);
  await alice.waitForURL((u) => /#\/$/.test(u.toString()));
  await bob.goto(`${server.url}/#/`);
  const offer = bob.locator('#challenges tr[data-challenge]', { hasText: `rematch of #${id}` });
  await offer.waitFor();
  assert.match(await offer.textContent(), /Japanese/);
  assert.match(await offer.locator('.challenge-clock').textContent(), /3 days per move/);  // kept
  await carol.goto(`${server.url}/#/`);
  await carol.waitForSelector('#challenges');
  await carol.waitForFunction(() => !/Loading/.test(document.getElementById('challenges').textContent));
  assert.equal(await carol.locator('#challenges tr[data-challenge]', { hasText: `rematch of #${id}` }).count(), 0);
  await offer.locator('button.accept').click();
  await bob.waitForURL(/#\/game\//);
  await bob.waitForSelector('#game-page[data-version]');
  assert.match(await bob.textContent('.game-head'), /You play Japanese/);

  // A public game whose creator kept the chat for the players: Carol watches without it.
  const post = (page, url, body) => page.evaluate(([u, b]) => fetch(u, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b),
  }).then((r) => r.json()), [url, body]);
  const quiet = await post(alice, '/api/games', { game: 'pacific-war', seat: 'japanese', opponent: 'human', public: true });
  assert.ok(quiet.invite, JSON.stringify(quiet));
  await post(bob, `/api/invites/${quiet.invite}`, {});
  await post(alice, `/api/games/${quiet.id}/chat`, { text: 'players only here' });
  await carol.goto(`${server.url}/#/game/${quiet.id}`);
  await carol.waitForSelector('#game-page[data-version]');
  await carol.waitForFunction(() => /for its players only/.test(document.getElementById('chat')?.textContent || ''));
  assert.equal(await carol.locator('#chat-input').count(), 0);
  assert.doesNotMatch(await carol.textContent('#chat'), /players only here/);
  assert.deepEqual(errors, []);
});
