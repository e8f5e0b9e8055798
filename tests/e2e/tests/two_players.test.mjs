// Two users in two browser contexts play each other through an invitation link; each page
// follows the other's moves live (server-sent events), without reloading.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, signUp, createGame, clickAction, waitMyTurn, version } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

test('two players by invitation, live updates', async () => {
  const errors = [];
  const alice = await newPage(browser, errors);
  const bob = await newPage(browser, errors);  // its own context: its own cookies
  await signUp(alice, server.url, 'alice');
  const { invite } = await createGame(alice, { game: 'pacific-war', seat: 'japanese', opponent: 'human' });
  assert.match(invite, /#\/invite\/.+/);
  assert.ok(invite.startsWith(server.url));
  assert.match(await alice.textContent('#invite-expires'), /works until/);
  // The server keeps only the token's hash: after a reload, the waiting game's row gives a new
  // link, and the first one stops working.
  await alice.reload();
  await alice.click('button.invite-again');
  await alice.waitForFunction((old) => {
    const input = document.querySelector('#invite-link');
    return input && input.value !== old;
  }, invite);
  const link = await alice.inputValue('#invite-link');
  assert.match(link, /#\/invite\/.+/);
  // Bob follows the first link: asked to sign up first, then brought back to the invitation,
  // which no longer works; the new link does.
  await bob.goto(invite);
  await bob.waitForSelector('input[name=username]');
  assert.match(await bob.textContent('form'), /invitation/);
  await bob.fill('input[name=username]', 'bob');
  await bob.fill('input[name=password]', 'another pass 2');
  await bob.click('#signup');
  await bob.waitForSelector('.card .error');
  assert.match(await bob.textContent('.card .error'), /no open invitation/);
  await bob.goto(link);
  await bob.waitForURL(/#\/game\//);
  await bob.waitForSelector('#game-page[data-version]');
  const gameId = /#\/game\/([^/]+)/.exec(bob.url())[1];
  assert.match(await bob.textContent('.game-head'), /You play Allied/);

  await alice.goto(`${server.url}/#/game/${gameId}`);
  await alice.waitForSelector('#game-page[data-version]');

  // The Allied player sets up first (14.1); Alice's page follows each move live.
  let bobMoves = 0;
  while (await bob.getAttribute('#game-page', 'data-your-turn') === 'true' && bobMoves < 200) {
    await clickAction(bob);
    bobMoves += 1;
  }
  assert.ok(bobMoves > 0);
  const v = await version(bob);
  await alice.waitForFunction((x) => Number(document.querySelector('#game-page')?.dataset.version) >= x, v);
  await waitMyTurn(alice);
  assert.equal(await alice.textContent('#turn-banner'), 'Your turn');
  assert.notEqual(await bob.textContent('#turn-banner'), 'Your turn');

  // Alice acts by clicking the map; Bob sees the move without reloading.
  await clickAction(alice, ['node']);
  const va = await version(alice);
  await bob.waitForFunction((x) => Number(document.querySelector('#game-page')?.dataset.version) >= x, va);
  // The line Alice's move wrote is public: Bob's log ends with it too.
  const aliceLast = await alice.locator('#game-log li').last().textContent();
  assert.match(aliceLast, /Japanese/);
  await bob.waitForFunction((text) => document.querySelector('#game-log li:last-child')?.textContent === text, aliceLast);

  // Both lobbies list the game.
  await bob.goto(`${server.url}/#/`);
  await bob.waitForSelector(`tr[data-game="${gameId}"]`);
  assert.deepEqual(errors, []);
});
