// A game being played: seed + options + action log is the truth; the state follows from it.
// Serves terminal play, the server, self-play and tests alike.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"

namespace pacwar::engine {

inline constexpr int kSaveFormatVersion = 1;

class Session {
 public:
  Session(std::shared_ptr<const Game> game, Options options, std::uint64_t seed);

  const Game& game() const { return *game_; }
  std::shared_ptr<const Game> game_ptr() const { return game_; }
  const State& state() const { return *state_; }
  const Options& options() const { return options_; }
  std::uint64_t seed() const { return seed_; }

  // Every action taken so far, as stable text ids, with the seat that took it
  // (kChanceSeat for chance outcomes).
  const std::vector<std::string>& history_ids() const { return ids_; }
  const std::vector<int>& history_seats() const { return seats_; }
  // The game log so far (all lines; filter with LogLine::visible for a seat's view).
  const std::vector<LogLine>& log() const { return log_; }

  // Text ids of the legal actions now (chance outcomes when chance acts).
  std::vector<std::string> legal_ids() const;

  // Applies the action with text id `id`. When `seat` >= 0 it must be that seat's turn.
  // Throws UsageError, leaving everything unchanged, for an unknown or illegal id (the message
  // lists the legal ids) or a seat acting out of turn.
  void apply_id(std::string_view id, int seat = -1);
  // Applies a legal action code (must be legal; checked).
  void apply(ActionCode action);

  // While chance acts, picks outcomes with the seeded RNG: the outcome of action number k
  // depends only on (seed, k), so loading a save and going on gives the same game.
  void resolve_chance();

  // Undo: takes back the last action if `seat` took it and it is not a barrier (a chance
  // outcome or an action that revealed hidden information). Returns false if not allowed.
  bool can_undo(int seat) const;
  bool undo(int seat);

  // Save file (JSON): format_version, game, options, seed, actions (text ids), state_hash.
  Json save() const;
  // Loads a save: replays the actions and checks the hash. Throws UsageError with a clear
  // message for an unknown format version or game, an illegal action (naming its index and
  // id) or a hash mismatch. `find_game` maps a game name to a game, or nullptr.
  static Session load(
      const Json& save,
      const std::function<std::shared_ptr<const Game>(const std::string&)>& find_game);

 private:
  static constexpr ActionCode kNoAction = 0xFFFFFFFFu;

  void rebuild(std::size_t length);  // replays the first `length` actions from the start
  // The legal action (or chance outcome) with text id `id`, or kNoAction; fills `legal_out`
  // with every legal id when given.
  ActionCode find_action(std::string_view id, std::vector<std::string>* legal_out) const;
  bool is_legal(ActionCode action) const;
  // Applies a legal action and records it (strong guarantee: on an exception from the game
  // everything is rebuilt as it was).
  void record(ActionCode action);

  std::shared_ptr<const Game> game_;
  Options options_;
  std::uint64_t seed_ = 0;
  std::unique_ptr<State> state_;
  std::vector<ActionCode> codes_;
  std::vector<std::string> ids_;
  std::vector<int> seats_;
  std::vector<char> barriers_;
  std::vector<LogLine> log_;
  std::vector<std::size_t> log_sizes_;  // log size before each action, for undo
};

}  // namespace pacwar::engine
