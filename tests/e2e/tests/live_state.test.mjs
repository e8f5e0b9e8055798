// Issue 43: the game page reads the computer's moves from the live-update stream (a `state` event
// carries the state) and asks only for the log lines it lacks, so a move costs one request; the
// log it joins from those pieces is the one a reload shows. Prints the requests and bytes per
// move (docs/performance.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, signUp, createGame, clickAction, waitMyTurn, version } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const logTexts = (page) => page.$$eval('#game-log li', (items) => items.map((li) => li.textContent));

test('Moves against the computer: one request each, the state by the stream, the log joined right', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await signUp(page, server.url, 'alice');
  const { id } = await createGame(page, { game: 'pacific-war', seat: 'japanese', opponent: 'random' });
  await waitMyTurn(page);

  // Every byte the page receives (answers and the event stream), and its requests to the game.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  cdp.on('Network.dataReceived', (e) => { bytes += e.encodedDataLength || e.dataLength || 0; });
  const requests = [];
  page.on('request', (r) => { if (r.url().includes(`/api/games/${id}`)) requests.push(`${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`); });

  const startVersion = await version(page);
  const moves = 40;
  for (let i = 0; i < moves; i += 1) await clickAction(page);
  await waitMyTurn(page);
  const endVersion = await version(page);
  const posts = requests.filter((r) => r.startsWith('POST ') && r.includes('/actions')).length;
  const stateReads = requests.filter((r) => r.startsWith(`GET /api/games/${id}`) && !r.includes('/events') && !r.includes('/clock') && !r.includes('/chat'));
  const figures = { moves, versions: endVersion - startVersion, requests: requests.length, posts, state_reads: stateReads.length,
                    kib_per_move: Math.round(bytes / 1024 / moves * 10) / 10, requests_per_move: Math.round(requests.length / moves * 100) / 100 };
  console.log(`live state: ${JSON.stringify(figures)}`);
  assert.equal(posts, moves);
  // The computer moved in between (its moves came by the stream), yet the page read no state.
  assert.ok(endVersion - startVersion > moves, JSON.stringify(figures));
  assert.ok(stateReads.length <= 1, `state reads: ${stateReads.join(', ')}`);
  // Each answer asked only for the lines the page lacked.
  assert.ok(requests.filter((r) => r.startsWith('POST ')).length === posts);

  // The log joined from the pieces is the whole log a fresh page reads.
  const joined = await logTexts(page);
  assert.ok(joined.length > 10);
  await page.reload();
  await page.waitForSelector('#game-page[data-version]');
  await waitMyTurn(page);
  assert.deepEqual(await logTexts(page), joined);
  assert.deepEqual(errors, []);
});
