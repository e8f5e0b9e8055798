// The game-agnostic interface every game module implements.
//
// A game is a state machine of prompts. At every point exactly one seat, or chance, acts by
// choosing one action from an enumerated list. Actions are small integer codes inside the
// engine and stable text ids outside it ("move-from Japan", "pick Akagi", "die 4"). The same
// apply() serves terminal play, the server, the AI, the fuzzer and the tests.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "engine/json_writer.h"
#include "engine/rng.h"

namespace pacwar::engine {

using ActionCode = std::uint32_t;
using Json = nlohmann::json;

inline constexpr int kChanceSeat = -1;
inline constexpr int kTerminalSeat = -2;
inline constexpr std::uint32_t kAllSeats = 0xFFFFFFFFu;

struct ChanceOutcome {
  ActionCode action;
  double probability;
};

// One human-readable line of the game log. `visible_to` is a bit mask of seats that may
// read it (a drawn card's name is visible to its owner only).
struct LogLine {
  std::string text;
  std::string rule;  // manual section, e.g. "9.2.5"; may be empty
  std::uint32_t visible_to = kAllSeats;

  bool visible(int seat) const {
    return seat < 0 ? visible_to == kAllSeats : ((visible_to >> seat) & 1u) != 0;
  }
};

// How a menu may show one action among others of its kind (State::action_group). Presentation
// only: the actions, their ids and their labels stay as they are. Actions of one prompt with the
// same non-empty `label` (e.g. one card event with a dozen possible targets) may be shown as one
// line, `label`, that opens a second menu of their `choice`s ("Kaga", "Truk").
struct ActionGroup {
  std::string label;   // empty: the action stands alone
  std::string choice;  // this action within its group
};

// Receives log lines from State::apply. Pass nullptr where nobody reads them (AI, fuzzing).
class LogSink {
 public:
  virtual ~LogSink() = default;
  virtual void add(LogLine line) = 0;
};

class VectorLog final : public LogSink {
 public:
  void add(LogLine line) override { lines.push_back(std::move(line)); }
  std::vector<LogLine> lines;
};

// Game options (rule switches) as JSON so that every game can define its own.
using Options = Json;

class State {
 public:
  virtual ~State() = default;

  virtual std::unique_ptr<State> clone() const = 0;

  // kChanceSeat, kTerminalSeat or a seat index in [0, num_seats).
  virtual int current_seat() const = 0;
  bool is_terminal() const { return current_seat() == kTerminalSeat; }
  bool is_chance() const { return current_seat() == kChanceSeat; }

  // Legal actions of the seat to act (empty when chance or terminal acts).
  virtual void legal_actions(std::vector<ActionCode>& out) const = 0;
  std::vector<ActionCode> legal_actions() const {
    std::vector<ActionCode> out;
    legal_actions(out);
    return out;
  }
  // Outcomes and their probabilities when chance acts.
  virtual void chance_outcomes(std::vector<ChanceOutcome>& out) const = 0;

  // Applies a legal action (the caller guarantees legality; Session checks it).
  virtual void apply(ActionCode action, LogSink* log) = 0;

  // Stable text id, e.g. "pick Akagi". Unique among the legal actions of one prompt.
  virtual std::string action_id(ActionCode action) const = 0;
  // Longer human text for menus, citing the rule section.
  virtual std::string action_label(ActionCode action) const = 0;
  // The menu group of an action (ActionGroup); by default none.
  virtual ActionGroup action_group(ActionCode /*action*/) const { return {}; }
  // What is being decided now, with its rule section: "8.2 (1): Japanese Initiative".
  virtual std::string prompt() const = 0;

  // True for actions that may not be undone: chance outcomes and actions that reveal
  // hidden information (a card played from hand).
  virtual bool is_undo_barrier(ActionCode action) const = 0;

  // Final result per seat (+1 win, -1 loss, 0 draw); meaningful when terminal.
  virtual std::vector<double> returns() const = 0;
  virtual int winner() const = 0;  // seat index, or -1 for none / not over

  // What `seat` may know (seat < 0: a spectator, public information only).
  virtual Json view(int seat) const = 0;
  // The same as view(seat), written as JSON text (the same bytes as view(seat).dump()). A game
  // overrides it to skip building the tree where the web server's answers make it hot.
  virtual void write_view(int seat, JsonWriter& out) const { out.value(view(seat)); }

  // Information-set sampling for search: replaces everything `seat` cannot see (the other
  // seats' hidden cards, the order or content split of the deck) with a random assignment
  // consistent with what `seat` has seen, drawn with `rng`. Visible information is untouched.
  virtual void resample_hidden(int seat, Rng& rng) = 0;

  // Hash over the whole state (every field that affects play).
  virtual std::uint64_t hash() const = 0;

  // Checks every invariant of the game; returns an empty string when all hold,
  // otherwise a description of the first violation.
  virtual std::string check_invariants() const = 0;

  // Checks what may change between `before` and this state when `action` was applied to
  // `before` (e.g. no unit moved that may not move). Empty string when all is well.
  virtual std::string check_transition(const State& before, ActionCode action) const = 0;

  // Number of player (non-chance) actions taken so far; useful for limits.
  virtual int move_number() const = 0;

  // The game turn, as the view's "turn" field gives it (-1 when the view has none). A game
  // overrides it to answer without building the view (self-play asks it after every game).
  virtual int turn_number() const {
    const Json v = view(-1);
    return v.contains("turn") && v["turn"].is_number_integer() ? v["turn"].get<int>() : -1;
  }
};

class Game {
 public:
  virtual ~Game() = default;
  virtual std::string name() const = 0;  // "pacific-war"
  virtual int num_seats() const = 0;
  virtual std::string seat_name(int seat) const = 0;  // "japanese"
  // Normalizes and validates options; throws std::invalid_argument with a clear message.
  virtual Options normalize_options(const Options& options) const = 0;
  virtual std::unique_ptr<State> new_initial_state(const Options& options) const = 0;
};

}  // namespace pacwar::engine
