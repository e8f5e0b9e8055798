// A rule fix took back moves of a game in progress (docs/deploy.md, "Rule fixes and games in
// progress"): the operator's `pacwar games repair` resumes it at its last legal action, and the
// players read what happened in the game's chat, as the server's own line, at desktop and phone
// sizes. The rule fix is played by making the game's last stored action one the rules do not
// have (sqlite3 on the server's file), as a changed rule would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startServer, launchBrowser, newPage, newPhonePage, signUp, screenshot, axeViolations, apiCall, BIN } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const call = (page, method, route, body) => apiCall(page, server.url, method, route, body);

test('a repaired game tells its players in the chat, as the server', async () => {
  const errors = [];
  const ines = await newPage(browser, errors);
  const jon = await newPage(browser, errors);
  await signUp(ines, server.url, 'ines');
  await signUp(jon, server.url, 'jonas');
  const created = await call(ines, 'POST', '/api/games', { game: 'pacific-war', seat: 'japanese', opponent: 'human' });
  await call(jon, 'POST', `/api/invites/${created.invite}`, {});
  const id = created.id;
  for (let i = 0; i < 3; i += 1) {
    const a = await call(ines, 'GET', `/api/games/${id}`);
    const [who, st] = a.your_turn ? [ines, a] : [jon, await call(jon, 'GET', `/api/games/${id}`)];
    await call(who, 'POST', `/api/games/${id}/actions`, { action: st.legal[0].id, version: st.version });
  }
  const before = (await call(ines, 'GET', `/api/games/${id}`)).version;

  execFileSync('sqlite3', [server.db, `UPDATE actions SET action = 'a move the rules no longer have' WHERE game_id = '${id}' AND idx = ${before - 1}`]);
  const check = () => { try { execFileSync(BIN, ['games', 'check', '--db', `sqlite:${server.db}`]); return 0; } catch (e) { return e.status; } };
  assert.equal(check(), 1, 'games check finds the game');
  const repaired = execFileSync(BIN, ['games', 'repair', '--db', `sqlite:${server.db}`]).toString();
  assert.match(repaired, new RegExp(`game ${id} .*\\n  repaired: 1 action taken back`));
  assert.equal(check(), 0, 'then every game replays');

  // The running server picks the repaired game up; the chat says what happened.
  await ines.goto(`${server.url}/#/game/${id}`);
  await ines.waitForSelector('#game-page[data-version]');
  assert.equal(Number(await ines.getAttribute('#game-page', 'data-version')), before - 1);
  const note = ines.locator('#chat-list li.chat-server');
  await note.waitFor();
  assert.equal(await note.locator('.chat-user').textContent(), 'Server');
  assert.match(await note.locator('.chat-text').textContent(),
               /^A correction of the rules: the server's rules were corrected \(now version 1\) and the last action of this game no longer follows them: it was taken back, and the game goes on from action \d+\.$/);
  await note.scrollIntoViewIfNeeded();
  await screenshot(ines, 'rules-repair-chat');
  assert.deepEqual(await axeViolations(ines), [], 'axe-core on the repaired game');

  // Jonas on his phone: the chat is under the Log tab.
  const phone = await newPhonePage(browser, errors);
  await phone.context().addCookies(await jon.context().cookies());
  await phone.goto(`${server.url}/#/game/${id}`);
  await phone.waitForSelector('#game-page[data-version]');
  await phone.locator('[role=tab]', { hasText: 'Log' }).tap();
  const small = phone.locator('#chat-list li.chat-server');
  await small.waitFor();
  await small.scrollIntoViewIfNeeded();
  const box = await small.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the line fits: ${JSON.stringify(box)}`);
  await screenshot(phone, 'rules-repair-chat-phone');
  assert.deepEqual(await axeViolations(phone), [], 'axe-core on the phone');
  assert.deepEqual(errors, []);
});
