// Test harness: a fresh `pacwar serve` per test (ephemeral port, temp SQLite database) and
// Debian's chromium driven by playwright-core.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const BIN = process.env.PACWAR_BIN || path.join(REPO, 'build', 'pacwar');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// Screenshots go to build/e2e-screenshots unless PACWAR_E2E_SHOTS names another directory
// (scripts/test-e2e.sh --screenshots writes docs/img).
const SHOTS = process.env.PACWAR_E2E_SHOTS || path.join(REPO, 'build', 'e2e-screenshots');

// `args`: more options of `pacwar serve` (e.g. ['--max-open-games', '2']).
export async function startServer(args = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pacwar-e2e-'));
  const db = path.join(dir, 'pacwar.db');
  const proc = spawn(BIN, ['serve', '--port', '0', '--db', `sqlite:${db}`, '--web', process.env.PACWAR_WEB_DIR || path.join(REPO, 'web'), ...args],
                     { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`pacwar serve did not start in 20 s:\n${output}`)), 20000);
    const onData = (chunk) => {
      output += chunk;
      const m = /serving on (http:\/\/\S+?)\/?\s/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', (c) => { output += c; });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`pacwar serve exited (${code}):\n${output}`)); });
  });
  return {
    url,
    db,  // the server's SQLite file (a test may move a clock's deadline into the past)
    async stop() {
      if (proc.exitCode === null) {
        const done = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
        if (proc.exitCode === null) proc.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
    output: () => output,
  };
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

// The Content-Security-Policy the UI must work under (the server's own header, when it sends
// one, applies as well): the page shell is served with it in every test, and any violation
// fails the test.
export const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
async function strict(context, errors) {
  await context.route((url) => url.pathname === '/' || url.pathname.endsWith('.html'), async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, headers: { ...res.headers(), 'content-security-policy': CSP } });
  });
  context.on('console', (m) => { if (/Content.Security.Policy/i.test(m.text())) errors.push(m.text()); });
}

// A page that fails the test on any uncaught script error or CSP violation.
export async function newPage(browser, errors) {
  const context = await browser.newContext({ viewport: { width: 1500, height: 1000 } });
  await strict(context, errors);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  page.setDefaultTimeout(20000);
  return page;
}

export async function screenshot(page, name, opts = {}) {
  fs.mkdirSync(SHOTS, { recursive: true });
  // Not in the middle of a group sliding along its route (the dice of a combat may stay).
  await page.waitForFunction(() => !document.querySelector('svg.map .motion .moving'), null, { timeout: 5000 }).catch(() => {});
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), ...opts });
}

export async function signUp(page, url, username, password = 'correct horse 1') {
  await page.goto(`${url}/#/login`);
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', password);
  await page.click('#signup');
  await page.waitForSelector('[data-testid=username]');
}

// Creates a game from the lobby form; returns its id (after navigating to it when no invite).
export async function createGame(page, { game = 'pacific-war', seat = 'japanese', opponent = 'random' } = {}) {
  await page.waitForSelector('#create');
  await page.selectOption('select[name=game]', game);
  await page.selectOption('select[name=seat]', seat);
  await page.selectOption('select[name=opponent]', opponent);
  await page.click('#create');
  if (opponent === 'human') {
    const link = await page.waitForSelector('#invite-link');
    return { invite: await link.inputValue() };
  }
  await page.waitForURL(/#\/game\//);
  await page.waitForSelector('#game-page[data-version]');
  return { id: /#\/game\/([^/]+)/.exec(page.url())[1] };
}

// A JSON API request as the page's signed-in user (its cookies; an Origin header for the CSRF
// check); fails the test on an error answer.
export async function apiCall(page, url, method, route, body) {
  const r = await page.request.fetch(`${url}${route}`, {
    method, headers: { 'Content-Type': 'application/json', Origin: url },
    data: body === undefined ? undefined : JSON.stringify(body) });
  if (!r.ok()) throw new Error(`${method} ${route}: ${r.status()} ${await r.text()}`);
  return r.status() === 204 ? null : r.json();
}

export async function version(page) {
  return Number(await page.getAttribute('#game-page', 'data-version'));
}

export async function waitMyTurn(page, timeout = 30000) {
  // Enabled buttons and nothing in flight: while an action (or a run of ×N picks) is being
  // sent the page shows the old buttons disabled and data-busy=true.
  await page.waitForSelector('#game-page[data-your-turn=true][data-busy=false] #actions button:not([disabled])', { timeout });
}

// Takes one action by clicking: a highlighted map node, else a highlighted counter, else a
// highlighted card, else the first action button; a menu, when one opens, by its first item.
// Returns what was clicked.
export async function clickAction(page, prefer = ['node', 'counter', 'card']) {
  await waitMyTurn(page);
  const before = await version(page);
  const selectors = { node: 'svg.map .node.target .oz', counter: 'svg.counter.clickable', card: '.game-card.clickable' };
  let clicked = 'button';
  let done = false;
  for (const kind of prefer) {
    const el = page.locator(selectors[kind]).first();
    if (await el.count()) {
      await el.click();
      clicked = kind;
      done = true;
      break;
    }
  }
  if (!done) await page.locator('#actions button').first().click();
  // The click handler opens a menu at once when the click matches several actions.
  if (await page.locator('.menu button').count()) {
    await page.locator('.menu button').first().click();
    clicked += '+menu';
  }
  if (await confirmIfAsked(page)) clicked += '+confirm';
  await page.waitForFunction((v) => Number(document.querySelector('#game-page')?.dataset.version) > v, before);
  return clicked;
}

// An action that plays or reveals a card asks first (web/confirm.js): "Play card" when the
// dialog is open. Returns whether it was.
export async function confirmIfAsked(page) {
  if (!await page.locator('#card-confirm[open]').count()) return false;
  await page.locator('#confirm-card').click();
  return true;
}

// A phone-sized page (390 x 844, touch).
export async function newPhonePage(browser, errors) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
                                             deviceScaleFactor: 1 });
  await strict(context, errors);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  page.setDefaultTimeout(20000);
  return page;
}

// axe-core (npm) on the page as it is: every violation (minor, moderate, serious, critical), as
// short strings. label-content-name-mismatch (experimental in axe, so off by default) is
// switched on: a control's accessible name must contain its visible text.
// The engine is evaluated through the DevTools protocol, so the page's CSP does not block it.
const AXE = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
export async function axeViolations(page) {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'],
                                                 rules: { 'label-content-name-mismatch': { enabled: true } } });
    return r.violations.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
  return found;
}

// A small seeded generator (mulberry32), so that a test's random choices repeat for a given seed.
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
