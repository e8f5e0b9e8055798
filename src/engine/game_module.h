// One registration per game: everything the layers above the rules need to know about a game,
// in one value. The games layer builds one GameModule per game (games/<game>/module.cc) and
// lists them in games/registry.cc; the search (src/ai), the terminal (src/cli) and the server
// (src/server) reach a game only through it, never by testing its name.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "engine/blunders.h"
#include "engine/doctrine.h"
#include "engine/features.h"
#include "engine/game.h"
#include "engine/policy.h"

namespace pacwar::engine {

// The game's knowledge for search (engine/policy.h).
struct SearchPolicies {
  std::shared_ptr<const Evaluator> evaluator;
  std::shared_ptr<const PlayoutPolicy> playout;
  int playout_depth = 30;  // the search's playout depth when its configuration gives none
  // The features of a seat's view for a learned value model (engine/features.h); may be null.
  std::shared_ptr<const ViewFeatures> features;
  // The search's RAVE constant and MAST probability (ai/rave.h, ai/mast.h) when its
  // configuration gives none: the settings an SPRT run passed for this game (docs/ai.md).
  double rave = 0.0;
  double mast = 0.0;
  // Whether MAST also orders the tree's expansions (`,mastexp=1`), likewise.
  bool mast_expand = false;
  // Whether a player keeps the subtree of its chosen action for its next decision (`,reuse=1`),
  // likewise.
  bool reuse_tree = false;
  // The UCB exploration constant (for rewards in [-1, 1]) when its configuration gives none,
  // likewise.
  double exploration = 0.7;
};

struct GameModule {
  std::string name;  // "pacific-war": the name in saves, URLs and on the command line
  // The game with its data loaded; throws DataError when the data files are invalid.
  std::function<std::shared_ptr<const Game>()> make_game;
  // The same game with its data loaded from another directory (the balance lab's
  // --data-override writes a patched copy of data/<game>/); throws DataError as make_game.
  std::function<std::shared_ptr<const Game>(const std::string& dir)> load_game;
  // The board as text lines, each ending in '\n', from a view (State::view of a seat).
  std::function<std::string(const Json& view)> render_board;
  // The map as text from a view; empty for a game without a text map.
  std::function<std::string(const Json& view)> render_map;
  // The card catalogue as JSON; empty for a game without one.
  std::function<Json()> cards;
  // The evaluator and playout policy of the search, written against the game's own state type.
  std::function<SearchPolicies()> search;

  // Blunder counters (engine/blunders.h): a new counter for one game, for the measurements
  // (arena, ladder); null for a game without them. Never used by the search. (Initialized
  // here, so that a GameModule written as a brace list of the fields above stays complete.)
  std::function<std::unique_ptr<BlunderCounter>()> blunders = nullptr;
  // The game's doctrine player (engine/doctrine.h, docs/ai.md "Doctrine players"), one per
  // seat; empty for a game without one.
  std::function<std::shared_ptr<const Doctrine>(int seat)> doctrine = nullptr;
  // The version of the game's rules: a number raised by every rule fix that changes
  // what a stored log means (an action legal before is not, or leads elsewhere: a change of the
  // self-play digests). Each server game records the version it began with, and `pacwar games
  // check` / `repair` (docs/deploy.md, "Rule fixes and games in progress") replay the games that
  // began under another. At least 1.
  int rules_version = 0;
};

}  // namespace pacwar::engine
