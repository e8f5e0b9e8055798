// Every string a player reads comes from a label, never an id: a stretch of each game against
// the computer, its hint, log and replay, the lobby, the settings page with a bad webhook
// address and a spectator's page are scanned (visible text, aria-labels, titles, SVG titles)
// for id-shaped words. Also: Hints untick and disable Rated; the chat says the computer does not
// read it; a spectator's page has no console errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, signUp, createGame, clickAction, waitMyTurn, apiCall, screenshot } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

// What id-shaped words look like. Each rule is precise enough to leave ordinary English alone.
const RULES = [
  ['a seat name in lowercase', /\b(?:japanese|allied)\b/],
  ['the US as "Us" or a lowercase "us" after a colon or comma', /\bUs\b|[:,] us\b/],
  ['a hyphenated lowercase id', /\b[a-z]+(?:-[a-z]+)+\b/],
  ['a hyphenated place or unit id', /\b[A-Z][a-z]+(?:-[A-Z]?[a-z]+)+\b/],
  ['a snake_case word', /\b[a-z]+_[a-z_]+\b/],
  ['an agent:level id', /\b(?:mcts|random|heuristic|doctrine|oracle)(?:-v\d+)?:[a-z0-9]+\b/],
  ['a file path', /\b[\w-]+\/[\w./-]+\.json\b/],
  // An action id as a whole text (a button's), not the verb of a sentence ("Japanese play J11 ...").
  ['a lowercase Co-Prosperity action id', /(?<![A-Za-z,] )\b(?:declare (?:us|commonwealth|japan)|(?:choose|discard|play|react) [AJ]\d+|(?:special|rp|op) (?:develop|replenish|strategic|naval|ground|sustain))\b/],
  ['a program value printed as text', /\b(?:null|undefined|NaN)\b|\[object Object\]/],
  ['"1" with a plural noun', /\b1 (?:lines|cards|ships|hits|units|actions|moves|steps)\b/],
];
// Hyphenated words of ordinary English or of the rulebooks' own spelling that may appear.
const ALLOWED = new Set([
  'Co-Prosperity',  // the game's title, "Greater East Asia Co-Prosperity Sphere"
  'China-Burma-India', 'Burma-India',  // the expansion of CBI (Co-Prosperity card icon)
  'Shangri-La',  // a ship's own name (USS Shangri-La)
  'Two-Ocean', 'Lend-Lease',  // cards' printed names ("Two-Ocean Navy Act", "Lend-Lease")
  'Non-Capital',  // the rulebook's term for a non-capital ship, capitalised as the rules write it
  'Essex-class', 'Japanese-controlled', 'English-language',  // English in engine texts
  'twenty-four', 'open-ended',  // English
  'set-up', 'e-mail', 'read-only', 'one-step', 'two-step', 'land-based',  // English
  'axe-core',  // not shown to players; listed in case a test page shows it
]);

async function visibleTexts(page) {
  return page.evaluate(() => {
    const out = [document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
    }
    for (const t of document.querySelectorAll('svg title')) out.push(t.textContent);
    return out;
  });
}

// The offending words of the page, each with its rule and a little context.
async function idWords(page, where) {
  const found = [];
  for (const text of await visibleTexts(page)) {
    for (const [name, re] of RULES) {
      const g = new RegExp(re.source, 'g');
      for (let m = g.exec(text); m; m = g.exec(text)) {
        if (ALLOWED.has(m[0])) continue;
        const ctx = text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30).replace(/\s+/g, ' ');
        found.push(`${where}: ${name}: "${m[0]}" in "…${ctx}…"`);
      }
    }
  }
  return [...new Set(found)];
}

test('the regexes catch the ids seen by testers and pass ordinary English', () => {
  const flagged = (s) => RULES.some(([, re]) => re.test(s) && !ALLOWED.has(s.match(re)[0]));
  for (const bad of ['Waiting for allied (mcts:normal)…', 'choose J1 (Kido Butai)', 'by japanese: hit New-Orleans', 'At war: China, Us',
    'Expected line: japanese: place Zuiho Japan', 'replenish-navy; 6.0', 'data/pacific-war/geo.json',
    'Game log (1 lines)', "field 'webhook_url'", 'Analyse my moves null', 'controlled by japanese', 'declare us']) {
    assert.ok(flagged(bad), bad);
  }
  for (const good of ['Waiting for Japanese (Computer: MCTS normal)…', 'Action 3 by Allied: Hit New Orleans',
    'At war: China, US', 'Game log (1 line)', 'Let us play', 'Greater East Asia Co-Prosperity Sphere',
    'Webhook address: the URL needs http or https', 'controlled by the Japanese player',
    '4.5 Japanese play J11 The Retreat From Kiska as an Event']) {
    assert.ok(!flagged(good), good);
  }
});

test('no ids in the pages of both games, the log, hints, replay, lobby and settings', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await signUp(page, server.url, 'ida');
  const found = [];

  // The new-game form: Hints untick and disable Rated, and say why.
  await page.waitForSelector('#create');
  await page.check('#opt-rated');
  await page.check('#hints');
  assert.equal(await page.isChecked('#opt-rated'), false);
  assert.ok(await page.isDisabled('#opt-rated'));
  assert.match(await page.textContent('#rated-note'), /A game with hints is never rated/);
  assert.ok(await page.isVisible('#rated-note'));
  await page.uncheck('#hints');
  assert.ok(!(await page.isDisabled('#opt-rated')));
  assert.ok(!(await page.isVisible('#rated-note')));
  found.push(...await idWords(page, 'lobby'));

  // The Pacific War as the Allied player (the [LAC] set-up comes first), with hints.
  await page.check('#hints');
  const { id } = await createGame(page, { game: 'pacific-war', seat: 'allied', opponent: 'random' });
  await waitMyTurn(page);
  // The chat knows the opponent is the computer.
  assert.match(await page.textContent('#chat'), /The computer does not read the chat/);
  assert.match(await page.getAttribute('#chat-input', 'placeholder'), /computer does not read/);
  assert.match(await page.textContent('.prompt-text'), /set-up code LAC, the Allied player's choice: /);
  found.push(...await idWords(page, 'pacific-war set-up'));
  await page.click('#hint');
  await page.waitForSelector('#hint-panel h3', { timeout: 30000 });
  const hintText = await page.textContent('#hint-panel');
  // Equal choices are said to be equal, else each has its percentage.
  if (await page.locator('#hint-equal').count()) assert.doesNotMatch(await page.textContent('#hint-panel ol'), /%/);
  else assert.match(await page.textContent('#hint-panel ol'), /%/);
  assert.match(hintText, /Expected line: (Allied|Japanese|Chance)/);
  found.push(...await idWords(page, 'pacific-war hint'));
  for (let i = 0; i < 14; i += 1) {
    await clickAction(page);
    if (i % 5 === 4) found.push(...await idWords(page, `pacific-war move ${i + 1}`));
  }
  await waitMyTurn(page, 60000);
  found.push(...await idWords(page, 'pacific-war'));
  assert.match(await page.textContent('.log-panel h3'), /\(\d+ lines?\)/);
  await screenshot(page, 'no-ids-pacific-war', { fullPage: true });

  // Resign, then the replay at the first steps (the Allied player's own set-up).
  await page.click('#resign');
  await page.waitForSelector('#turn-banner.over');
  await page.goto(`${server.url}/#/replay/${id}`);
  await page.waitForSelector('#replay-step');
  await page.click('#replay-forward');
  await page.waitForFunction(() => /Action 1 of/.test(document.querySelector('#replay-step').textContent));
  assert.match(await page.textContent('#replay-what'), /^Action 1 by Allied: Place /);
  found.push(...await idWords(page, 'replay'));
  await page.click('#replay-last');
  await page.waitForSelector('#replay-forward[disabled]');
  found.push(...await idWords(page, 'replay end'));
  await screenshot(page, 'no-ids-replay', { fullPage: true });

  // Co-Prosperity Sphere as the Japanese player: the Strategy Cards, the war, the spaces.
  await page.goto(`${server.url}/#/`);
  await createGame(page, { game: 'co-prosperity', seat: 'japanese', opponent: 'random' });
  for (let i = 0; i < 14; i += 1) {
    await waitMyTurn(page, 60000);
    if (i % 4 === 0) found.push(...await idWords(page, `co-prosperity move ${i}`));
    await clickAction(page);
  }
  await waitMyTurn(page, 60000);
  found.push(...await idWords(page, 'co-prosperity'));
  await screenshot(page, 'no-ids-co-prosperity', { fullPage: true });

  // The lobby with the games in it.
  await page.goto(`${server.url}/#/`);
  await page.waitForSelector(`tr[data-game="${id}"]`);
  found.push(...await idWords(page, 'lobby with games'));

  // Settings: a bad webhook address is named as the form labels it.
  await page.goto(`${server.url}/#/settings`);
  await page.fill('#webhook-url', 'ftp://example.org/hook');
  await page.click('#save-settings');
  await page.waitForFunction(() => document.querySelector('#settings-msg')?.textContent);
  assert.match(await page.textContent('#settings-msg'), /^Webhook address: /);
  found.push(...await idWords(page, 'settings'));
  await screenshot(page, 'no-ids-settings');

  assert.deepEqual(found, []);
  assert.deepEqual(errors, []);
});

test("a spectator's page: no ids and no console errors", async () => {
  const errors = [];
  const owner = await newPage(browser, errors);
  await signUp(owner, server.url, 'olga');
  const game = await apiCall(owner, server.url, 'POST', '/api/games',
                             { game: 'pacific-war', seat: 'japanese', opponent: 'random', public: true, spectator_chat: 'read', hints: true });
  const watcher = await newPage(browser, errors);
  await signUp(watcher, server.url, 'wally');
  const consoleErrors = [];
  watcher.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  watcher.on('response', (r) => { if (r.status() >= 400) consoleErrors.push(`${r.status()} ${new URL(r.url()).pathname}`); });
  await watcher.goto(`${server.url}/#/game/${game.id}`);
  await watcher.waitForSelector('#game-page[data-version]');
  assert.match(await watcher.textContent('.game-head'), /Spectating/);
  await watcher.waitForTimeout(500);  // any request the page makes after drawing has answered
  assert.deepEqual(await idWords(watcher, 'spectator'), []);
  assert.deepEqual(consoleErrors, []);
  assert.deepEqual(errors, []);
});
