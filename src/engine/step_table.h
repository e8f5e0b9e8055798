// The table of steps: a game's rules as a state machine of prompts, one entry per prompt (a
// game's `enum class Step`). The entry says everything about its step: who acts, its phase and
// rule section, which of its actions may not be undone, its chance outcomes or legal actions, its
// apply and its prompt, plus one fact of the game's own (`extra`). The rules file that owns a step
// defines its entry beside its code; the game's steps.cc joins the entries with build_step_table,
// which checks them once; the game's state derives from StepTableState, which answers the engine's
// questions (who acts, legal actions, chance outcomes, prompt, undo barriers) from the entry of
// the current step. Game-agnostic: a game gives its own Step, State, Act and Kind types.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/game.h"

namespace pacwar::engine {

// Who acts at a step.
enum class StepActor : std::uint8_t {
  Seat,      // the seat in the state's `seat`
  Chance,    // a die or a card draw (the entry's `outcomes`)
  Terminal,  // the game is over
};

// A set of action kinds (a game's `enum class Kind`), a bit per kind.
using KindSet = std::uint64_t;
template <class Kind>
requires std::is_enum_v<Kind>
constexpr KindSet kinds(std::initializer_list<Kind> list) {
  KindSet set = 0;
  for (Kind k : list) set |= KindSet{1} << static_cast<unsigned>(k);
  return set;
}
template <class Kind>
requires std::is_enum_v<Kind>
constexpr bool has_kind(KindSet set, Kind k) {
  return ((set >> static_cast<unsigned>(k)) & 1u) != 0;
}
// The undo barriers of a chance step: every outcome (a die roll or a card draw) is one.
inline constexpr KindSet kEveryKind = ~KindSet{0};
inline constexpr KindSet kNoKind = 0;

using Outcomes = std::vector<ChanceOutcome>;

// One step's entry. Every field is given in every entry (no default hides what a new step must
// say); build_step_table refuses an entry whose fields disagree with its actor.
template <class Step, class State, class Act, class Extra>
struct StepEntry {
  Step step;
  // The step's stable name, kebab-case of its Step ("setup-japanese"): the view's "step", and
  // the key of its entry in data/<game>/tutorial.json (tutorial_test.cc checks both agree).
  const char* name;
  StepActor actor;
  const char* phase;  // the view's "phase"
  const char* rule;   // the rule section the prompt cites
  Extra extra;        // the game's own fact about the step (its steps.h says what it is)
  // The kinds of action at this step that may not be undone (State::is_undo_barrier): chance
  // outcomes (kEveryKind) and actions that reveal hidden information (a card played face up).
  // A kind missing here would leak what undo lets its player see.
  KindSet undo_barriers;
  // Chance outcomes when chance acts (nullptr otherwise).
  void (*outcomes)(const State& s, Outcomes& out);
  // Legal actions when a seat acts (nullptr for chance and the end of the game).
  void (*legal)(const State& s, std::vector<ActionCode>& out);
  void (*apply)(State& s, Act act, LogSink* log);
  std::string (*prompt)(const State& s);
};

// Why an entry is malformed, "" when it is well formed: it has its name, apply and prompt, legal
// actions exactly when a seat acts, outcomes exactly when chance acts, and a chance step's
// barriers are every kind.
template <class Entry>
std::string step_entry_problem(const Entry& entry) {
  if (entry.name == nullptr || entry.name[0] == '\0') return "no name";
  if (entry.phase == nullptr || entry.phase[0] == '\0') return "no phase";
  if (entry.rule == nullptr || entry.rule[0] == '\0') return "no rule section";
  if (entry.apply == nullptr) return "no apply";
  if (entry.prompt == nullptr) return "no prompt";
  const bool seat = entry.actor == StepActor::Seat;
  const bool chance = entry.actor == StepActor::Chance;
  if (seat != (entry.legal != nullptr)) return "legal actions without a seat, or none for one";
  if (chance != (entry.outcomes != nullptr)) return "outcomes without chance, or none for it";
  if (chance != (entry.undo_barriers == kEveryKind))
    return "a chance step's outcomes are all barriers, and only its";
  return "";
}

// The table indexed by step (a pointer per step into the entries of the rules files).
template <class Entry, std::size_t N>
using StepTable = std::array<const Entry*, N>;

// Joins the entries of the rules files into the table indexed by step and checks it: every step
// has exactly one entry, each well formed. Throws std::logic_error naming `game` otherwise (the
// game's steps.cc builds it once, on first use).
[[noreturn]] void throw_step_table_error(std::string_view game, std::size_t step,
                                         std::string_view problem);
template <class Entry, std::size_t N>
StepTable<Entry, N> build_step_table(std::string_view game,
                                     std::initializer_list<std::span<const Entry>> parts) {
  StepTable<Entry, N> table{};
  for (std::span<const Entry> part : parts) {
    for (const Entry& entry : part) {
      const auto i = static_cast<std::size_t>(entry.step);
      if (i >= N || table[i] != nullptr) throw_step_table_error(game, i, "two entries");
      if (const std::string problem = step_entry_problem(entry); !problem.empty())
        throw_step_table_error(game, i, problem);
      table[i] = &entry;
    }
  }
  for (std::size_t i = 0; i < N; ++i)
    if (table[i] == nullptr) throw_step_table_error(game, i, "no entry");
  return table;
}

// The engine interface of a game's state, answered from the entry of its current step. `Derived`
// (the game's state) has `seat`, `winner_`, `moves_` and `turn`, and `step_entry()`, the entry of
// its current step; `Decode` turns an action code into the game's Act, whose `kind` is its Kind.
// A game of two seats: the winner scores +1, the other -1.
template <class Derived, auto Decode>
class StepTableState : public State {
 public:
  using State::legal_actions;
  int current_seat() const override {
    switch (self().step_entry().actor) {
      case StepActor::Seat:
        return self().seat;
      case StepActor::Chance:
        return kChanceSeat;
      case StepActor::Terminal:
        break;
    }
    return kTerminalSeat;
  }
  void legal_actions(std::vector<ActionCode>& out) const override {
    out.clear();
    const auto& entry = self().step_entry();
    if (entry.legal != nullptr) entry.legal(self(), out);
  }
  void chance_outcomes(std::vector<ChanceOutcome>& out) const override {
    out.clear();
    const auto& entry = self().step_entry();
    if (entry.outcomes != nullptr) entry.outcomes(self(), out);
  }
  std::string prompt() const override { return self().step_entry().prompt(self()); }
  bool is_undo_barrier(ActionCode action) const override {
    return has_kind(self().step_entry().undo_barriers, Decode(action).kind);
  }
  std::vector<double> returns() const override {
    const int winner = self().winner_;
    if (winner < 0) return {0.0, 0.0};
    return winner == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
  }
  int winner() const override { return self().winner_; }
  int move_number() const override { return self().moves_; }
  int turn_number() const override { return self().turn; }

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
};

// One line of the game log. Its text is built only when a sink wants it (an AI playout passes
// no sink and formats nothing): pass a literal, or a lambda that returns the text.
void log_line(LogSink* log, std::string_view text, std::string_view rule,
              std::uint32_t visible = kAllSeats);
template <class MakeText>
requires std::is_invocable_v<MakeText&>
void log_line(LogSink* log, MakeText&& make_text, std::string_view rule,
              std::uint32_t visible = kAllSeats) {
  if (log == nullptr) return;
  log->add(LogLine{std::string(make_text()), std::string(rule), visible});
}

}  // namespace pacwar::engine
