// The browser's games, looked up by the name the server gives a game (GameModule::name). Each
// game is one web module (web/games/<game>.js, its drawing in web/games/<game>/) with the
// interface described in docs/web.md ("A web module per game"); the generic pages (the game,
// the replay, the tutorial, the animations) know a game only through it. A new game is one line
// here.
import pacificWar from './pacific-war.js';
import coProsperity from './co-prosperity.js';

const GAMES = new Map([pacificWar, coProsperity].map((g) => [g.name, g]));

// The game's web module, or null when the browser cannot draw that game.
export function gameModule(name) {
  return GAMES.get(name) || null;
}

// The game's name as a player reads it ("The Pacific War"), for any game the server names.
export function gameTitle(name) {
  const g = GAMES.get(name);
  return g ? g.title : name;
}
