// "Learn to play" (web/tutorial.js): from the lobby's button to the closing message of each
// game's guided first turn against the computer. The panel follows the engine's steps (the
// view's "step", the entries of data/<game>/tutorial.json), a deliberate wrong move is explained
// and changes nothing, and afterwards the game goes on as an ordinary game.
// Repeated set-up placements and hits are sent through the API once the tutorial UI has been
// driven for that step (the panel's "place the rest yourself").
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, confirmIfAsked, startServer, launchBrowser, newPage, newPhonePage, signUp, apiCall, waitMyTurn, version,
  screenshot, axeViolations } from '../lib/harness.mjs';

let server;
let browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.stop(); });

const tutorialOf = (game) => JSON.parse(fs.readFileSync(path.join(process.env.PACWAR_DATA || path.join(REPO, 'data'), game, 'tutorial.json'), 'utf8'));
const gameId = (page) => /#\/game\/([^/]+)/.exec(page.url())[1];

async function state(page) {
  return apiCall(page, server.url, 'GET', `/api/games/${gameId(page)}`);
}

// Waits until the page shows my turn with the panel drawn for the step the server is at, and
// checks the panel's text against that step's entry. Returns [state, entry].
async function myStep(page, tut, quiet = new Set()) {
  await waitMyTurn(page, 30000);
  const st = await state(page);
  await page.waitForSelector(`#tutorial[data-step="${st.view.step}"][data-state="yours"], #tutorial[data-state="closing"]`);
  if (await page.getAttribute('#tutorial', 'data-state') === 'closing') {
    if (process.env.TUTORIAL_TRACE) console.log('closing at', st.version, st.view.step, st.prompt, st.log.slice(-8).map((l) => l.text).join(' | '));
    return [st, null];
  }
  assert.equal(await version(page), st.version);
  const entry = tut.steps.find((e) => e.step === st.view.step);
  assert.ok(entry, `an entry for ${st.view.step}`);
  const text = await page.textContent('#tutorial');
  assert.ok(text.includes(entry.title), `the panel names the step ${st.view.step}: ${text}`);
  assert.ok(text.includes(`${/,/.test(entry.section) ? 'Rules' : 'Rule'} ${entry.section}`), `the panel cites the rule of ${st.view.step}`);
  if (!quiet.has(entry.step)) assert.ok(text.includes(entry.explain), `the panel explains ${st.view.step}`);
  return [st, entry];
}

// Sends `n` legal actions of the prompt through the API (the first legal one each time) while
// the step stays the same, then waits for the page to show the result.
// The page waits in the lobby meanwhile (it would redraw the map for every action) and comes
// back to the game: the tutorial goes on from where the game is.
async function sendRest(page, step) {
  const url = page.url();
  let st = await state(page);
  await page.goto(`${server.url}/#/`);
  while (st.your_turn && st.view.step === step) {
    st = await apiCall(page, server.url, 'POST', `/api/games/${st.id}/actions`, { action: st.legal[0].id, version: st.version });
  }
  await page.goto(url);
  await page.waitForFunction((v) => Number(document.querySelector('#game-page')?.dataset.version) >= v, st.version);
}

// Clicks the action the panel suggests (outlined in the action list), else a highlighted map
// area, else the first action; after one pick of a group, Done.
async function clickSuggested(page, st, again = false) {
  const before = await version(page);
  const done = page.locator('#actions button[data-action="done"]');
  if (again && /^pick/.test(st.view.step) && await done.count()) await done.click();
  else if (await page.locator('#actions button.tutorial-suggest').count()) await page.locator('#actions button.tutorial-suggest').first().click();
  else if (await page.locator('svg.map .node.target').count()) await page.locator('svg.map .node.target').first().click();
  else await page.locator('#actions button.act:not([disabled])').first().click();
  if (await page.locator('.menu button').count()) await page.locator('.menu button').first().click();
  await page.waitForTimeout(50);
  await confirmIfAsked(page);  // a card's confirmation (discarding for the Initiative, a played card)
  await page.waitForFunction((v) => Number(document.querySelector('#game-page')?.dataset.version) > v, before);
}

// Plays on from the current step, one suggested click per step, until the closing message.
async function untilClosing(page, tut, steps) {
  for (let i = 0; i < 40; i += 1) {
    const [st, entry] = await myStep(page, tut);
    if (!entry) return;
    steps.push(entry.step);
    if (process.env.TUTORIAL_TRACE) console.log(st.version, st.view.step, st.prompt);
    await clickSuggested(page, st, steps.at(-2) === entry.step);
  }
  assert.fail(`no closing message after ${steps.join(', ')}`);
}

// After the tutorial: the panel closes, the page is an ordinary game and the computer moves.
async function goesOn(page) {
  await page.click('#tutorial-close');
  assert.equal(await page.locator('#tutorial').count(), 0);
  assert.equal(await page.locator('#game-page.tutorial-on').count(), 0);
  let computerMoved = false;
  for (let i = 0; i < 8 && !computerMoved; i += 1) {
    await waitMyTurn(page, 30000);
    const v = await version(page);
    // Hand the turn over where the prompt allows it (declining the Initiative, passing).
    const over = page.locator(['decline', 'pass', 'done'].map((a) => `#actions button[data-action="${a}"]`).join(', '));
    if (await over.count()) await over.first().click();
    else await page.locator('#actions button.act:not([disabled])').first().click();
    if (await page.locator('.menu button').count()) await page.locator('.menu button').first().click();
    await page.waitForTimeout(50);
    await confirmIfAsked(page);  // a card's confirmation (discarding for the Initiative, a played card)
    await page.waitForFunction((x) => Number(document.querySelector('#game-page')?.dataset.version) > x, v);
    await waitMyTurn(page, 30000);
    computerMoved = (await version(page)) > v + 1;
  }
  assert.ok(computerMoved, 'the computer moved after the tutorial');
  assert.equal(await page.locator('#tutorial').count(), 0, 'the panel stays closed');
}

test('Learn to play The Pacific War: set-up, Pearl Harbor, the first Strategy Action', async () => {
  const t0 = Date.now();
  const lap = (what) => { if (process.env.TUTORIAL_TRACE) console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`); };
  const tut = tutorialOf('pacific-war');
  const errors = [];
  const page = await newPage(browser, errors);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page, server.url, 'learner');
  lap('signed up');
  await page.click('a[data-learn="pacific-war"]');
  await page.waitForURL(/#\/game\//);
  await page.waitForSelector('#tutorial');
  const feats = await apiCall(page, server.url, 'GET', `/api/games/${gameId(page)}/features`);
  assert.equal(feats.hints, false);
  assert.equal(feats.rated, false);

  // 14.2: explained once, with the intro; a click on an area that is not highlighted is refused
  // with its reason and sends nothing.
  let [st, entry] = await myStep(page, tut);
  assert.equal(entry.step, 'setup-japanese');
  assert.ok((await page.textContent('#tutorial')).includes(tut.intro));
  assert.equal(await page.getAttribute('#tutorial', 'aria-labelledby'), 'tutorial-title');
  assert.equal(await page.getAttribute('#tutorial-live', 'aria-live'), 'polite');
  assert.ok(await page.locator('#actions button.tutorial-suggest').count() === 1, 'one sensible choice is outlined');
  assert.match(await page.textContent('#tutorial'), /For example: .*Japan/);
  await screenshot(page, 'tutorial-setup');
  lap('first step');
  const v0 = await version(page);
  await page.locator('svg.map .node[data-node="Hawaiian-Islands"]').click();
  assert.match(await page.textContent('#tutorial-why-not'), /Not allowed: .*14\.2/);
  assert.ok((await page.textContent('#tutorial-why-not')).includes(entry.why_not));
  await screenshot(page, 'tutorial-why-not');
  assert.equal(await version(page), v0, 'the wrong click changed nothing');
  assert.equal((await state(page)).version, v0);
  await clickSuggested(page, st);
  // Place the rest yourself: the panel goes quiet on the repeated step.
  [st, entry] = await myStep(page, tut);
  assert.equal(entry.step, 'setup-japanese');
  await page.click('#tutorial-quiet');
  assert.ok((await page.textContent('#tutorial')).includes(entry.repeat_note));
  assert.ok(!(await page.textContent('#tutorial')).includes(entry.explain), 'no repeated explanation');
  await clickSuggested(page, st);
  await myStep(page, tut, new Set(['setup-japanese']));
  await sendRest(page, 'setup-japanese');
  lap('set-up done');

  // Turn 0: the hits at Pearl Harbor (9.2.4), one by a click on a highlighted counter.
  [st, entry] = await myStep(page, tut);
  assert.equal(entry.step, 'allocate');
  const v1 = await version(page);
  await page.locator('svg.counter.clickable').first().click();
  if (await page.locator('.menu button').count()) await page.locator('.menu button').first().click();
  await page.waitForTimeout(50);
  await confirmIfAsked(page);  // a card's confirmation (discarding for the Initiative, a played card)
  await page.waitForFunction((v) => Number(document.querySelector('#game-page')?.dataset.version) > v, v1);
  await sendRest(page, 'allocate');
  for (st = await state(page); st.view.step === 'allocate' || !st.your_turn; st = await state(page)) {
    await waitMyTurn(page, 30000);
    if ((await state(page)).view.step === 'allocate') await sendRest(page, 'allocate');
  }

  lap('Pearl Harbor done');
  // Turn 1, 8.2: the offered wrong choice is explained and changes nothing.
  [st, entry] = await myStep(page, tut);
  assert.equal(entry.step, 'init-1');
  const v2 = await version(page);
  await page.click('#tutorial-wrong');
  assert.ok((await page.textContent('#tutorial-why-not')).includes(entry.why_not));
  assert.equal((await state(page)).version, v2);

  const steps = [];
  await untilClosing(page, tut, steps);
  assert.ok(steps.includes('choose-action') && steps.includes('pick-group') && steps.includes('choose-destination'), steps.join(', '));
  assert.ok((await page.textContent('#tutorial')).includes(tut.closing));
  await screenshot(page, 'tutorial-closing');
  await goesOn(page);
  assert.deepEqual(errors, []);
  console.log(`pacific-war tutorial: ${((Date.now() - t0) / 1000).toFixed(1)} s, steps after init-1: ${steps.join(', ')}`);
});

test('Learn to play Co-Prosperity Sphere: cards, the declaration, the first Operation', async () => {
  const t0 = Date.now();
  const tut = tutorialOf('co-prosperity');
  const errors = [];
  const page = await newPage(browser, errors);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page, server.url, 'learner2');
  await page.click('a[data-learn="co-prosperity"]');
  await page.waitForURL(/#\/game\//);
  await page.waitForSelector('#tutorial');

  let [st, entry] = await myStep(page, tut);
  assert.equal(entry.step, 'choose-cards');
  await clickSuggested(page, st);
  [st, entry] = await myStep(page, tut);
  assert.equal(entry.step, 'choose-cards');
  await page.click('#tutorial-quiet');
  assert.ok((await page.textContent('#tutorial')).includes(entry.repeat_note));
  while (st.view.step === 'choose-cards') {
    await clickSuggested(page, st);
    await waitMyTurn(page, 30000);
    st = await state(page);
  }

  // 7.1: the offered wrong choice (attacking without a declaration) is explained.
  [st, entry] = await myStep(page, tut);
  assert.equal(entry.step, 'declare-japanese');
  const v0 = await version(page);
  await page.click('#tutorial-wrong');
  assert.ok((await page.textContent('#tutorial-why-not')).includes(entry.why_not));
  assert.equal((await state(page)).version, v0);
  await screenshot(page, 'tutorial-cps-why-not');

  const steps = [];
  await untilClosing(page, tut, steps);
  assert.ok(steps.includes('operations'), steps.join(', '));
  assert.ok((await page.textContent('#tutorial')).includes(tut.closing));
  await goesOn(page);
  assert.deepEqual(errors, []);
  console.log(`co-prosperity tutorial: ${((Date.now() - t0) / 1000).toFixed(1)} s, steps: ${steps.join(', ')}`);
});

test('Learn to play on a phone: the panel above the prompt, axe-clean', async () => {
  const errors = [];
  const page = await newPhonePage(browser, errors);
  await signUp(page, server.url, 'learner3');
  await page.waitForSelector('a[data-learn="pacific-war"]');
  await screenshot(page, 'tutorial-lobby-phone');
  assert.deepEqual(await axeViolations(page), [], 'axe-core on the lobby with its Learn to play box');
  await page.click('a[data-learn="pacific-war"]');
  await page.waitForURL(/#\/game\//);
  await page.waitForSelector('#tutorial[data-state="yours"]');
  await screenshot(page, 'tutorial-phone');
  // Keyboard: Enter on an area that is not highlighted is refused with the reason, as a click.
  await waitMyTurn(page);
  const v = await version(page);
  await page.locator('svg.map .node[data-node="Hawaiian-Islands"]').focus();
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('#tutorial-why-not'), /Not allowed/);
  assert.equal(await version(page), v);
  // axe-core once in this file (it takes long on the map page): the panel with its reason shown.
  assert.deepEqual(await axeViolations(page), [], 'axe-core on the phone');
  assert.deepEqual(errors, []);
});
