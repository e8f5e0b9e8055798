// The page router: #/login, #/ (lobby), #/game/ID, #/replay/ID, #/invite/TOKEN, #/settings,
// #/account, #/leaderboard/GAME, #/learn/GAME (tutorial.js), #/witp/... (witp.js).
import { api, ApiError } from './api.js';
import { h, clear } from './dom.js';
import { showAuth } from './auth.js';
import { showLobby } from './lobby.js';
import { showGame } from './game.js';
import { showReplay } from './replay.js';
import { showInvite } from './invite.js';
import { showSettings } from './settings.js';
import { startBrowserNotices } from './notify.js';
import { showWitp } from './witp.js';
import { showAccount } from './account.js';
import { showLeaderboard } from './leaderboard.js';
import { showLearn } from './tutorial.js';

const page = document.getElementById('page');
const who = document.getElementById('who');
let current = null;  // the shown page: {destroy()}
let user = null;
let stopNotices = null;

function setUser(name) {
  user = name;
  clear(who);
  if (stopNotices) stopNotices();
  stopNotices = name ? startBrowserNotices() : null;
  if (!name) return;
  who.append(
    h('a', { class: 'user', 'data-testid': 'username', href: '#/account', title: 'Account' }, name),
    h('a', { class: 'settings-link', href: '#/settings', id: 'settings-link' }, 'Settings'),
    h('button', {
      class: 'link',
      onclick: async () => {
        await api.logout().catch(() => {});
        setUser(null);
        location.hash = '#/login';
      },
    }, 'Log out'),
  );
}

async function route() {
  if (current && current.destroy) current.destroy();
  current = null;
  clear(page);
  const hash = location.hash.replace(/^#\/?/, '');
  const [name, arg] = hash.split('/');
  if (!user) {
    try {
      setUser((await api.me()).username);
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 401) {
        page.append(h('p', { class: 'error' }, `Cannot reach the server: ${e.message}`));
        return;
      }
    }
  }
  const ctx = {
    page,
    user,
    go: (to) => {
      if (location.hash === to) route();
      else location.hash = to;
    },
    onLogin: (username) => setUser(username),
    onLogout: () => { setUser(null); location.hash = '#/login'; },
  };
  skipNew.hidden = true;
  if (!user) {
    // Remember where the visitor wanted to go (an invitation link) and come back after login.
    current = showAuth(ctx, name === 'login' ? '#/' : `#/${hash}`);
    return;
  }
  if (name === 'game' && arg) current = showGame(ctx, decodeURIComponent(arg));
  else if (name === 'replay' && arg) current = showReplay(ctx, decodeURIComponent(arg));
  else if (name === 'invite' && arg) current = showInvite(ctx, decodeURIComponent(arg));
  else if (name === 'settings') current = showSettings(ctx);
  else if (name === 'witp') current = showWitp(ctx, hash.split('/').slice(1).map(decodeURIComponent));
  else if (name === 'account') current = showAccount(ctx);
  else if (name === 'learn' && arg) current = showLearn(ctx, decodeURIComponent(arg));
  else if (name === 'leaderboard') current = showLeaderboard(ctx, arg ? decodeURIComponent(arg) : null);
  else current = showLobby(ctx);
  skipNew.hidden = !(current && current.lobby);
}

// The skip link (the first thing Tab reaches on every page): to the prompt and its actions on a
// game page where it is your turn ("Skip to your move"), else to the page's main part.
const skip = document.getElementById('skip-link');
function skipTarget() {
  const prompt = document.querySelector('#game-page[data-your-turn=true] #prompt');
  return prompt ? { el: prompt, text: 'Skip to your move' } : { el: page, text: 'Skip to main content' };
}
skip.addEventListener('focus', () => { skip.textContent = skipTarget().text; });
skip.addEventListener('click', () => {
  const { el } = skipTarget();
  const first = el.id === 'prompt' ? el.querySelector('#actions button.act:not([disabled])') : null;
  (first || el).focus();
});
// On the lobby a second one goes straight to the form of a new game (past the lists of games).
const skipNew = document.getElementById('skip-new-game');
skipNew.addEventListener('click', () => {
  const first = document.querySelector('#create-game select');
  if (first) first.focus();
});

window.addEventListener('hashchange', route);
route();
