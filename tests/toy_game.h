// A small two-seat game for engine tests: a dice race with hidden card hands.
//
// Each seat ("red", "blue") is dealt one hidden card (values 1-3) by chance. On its turn a seat
// may "roll" (chance then rolls "die 1".."die 6" and the seat moves that far), "draw" a card
// (chance deals "card 1".."card 3", seen by the drawer only; at most 3 cards), "play N" a card
// from its hand (moves N; reveals it: an undo barrier) or "rest"; once per turn it may also
// "stretch" first (nothing happens and the seat acts again). The first to reach `target`
// wins; after `max_moves` player actions the game is a draw.
//
// Options: target (int, default 12), max_moves (int, default 80), group_plays (bool: the "play N"
// actions form one menu group, State::action_group), and two deliberate bugs for tests of the
// checkers: bad_invariant_at (int: check_invariants fails when that many player actions were
// taken) and bad_transition (bool: check_transition refuses every "rest").
//
// ToyGame(/*stretch=*/false) plays a corrected version of the rules without "stretch": a rule
// fix under games in progress (server/play/rules_repair_test.cc). It is the game's, not an option,
// as a rule fix is the program's and not the stored game's.
#pragma once

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/game.h"

namespace pacwar::toy {

using engine::ActionCode;
using engine::ChanceOutcome;
using engine::Json;
using engine::LogLine;
using engine::LogSink;
using engine::Options;

inline constexpr ActionCode kRoll = 0;
inline constexpr ActionCode kDraw = 1;
inline constexpr ActionCode kRest = 2;
inline constexpr ActionCode kStretch = 3;
inline constexpr ActionCode kPlayBase = 10;  // kPlayBase + card value
inline constexpr ActionCode kDieBase = 20;   // kDieBase + pips
inline constexpr ActionCode kCardBase = 30;  // kCardBase + card value

struct ToyConfig {
  int target = 12;
  int max_moves = 80;
  int bad_invariant_at = 0;
  bool bad_transition = false;
  bool group_plays = false;
  bool stretch = true;  // ToyGame's rules version: false without "stretch"
};

class ToyState final : public engine::State {
 public:
  enum class Phase { kDeal, kChoose, kRolling, kDrawing, kOver };

  explicit ToyState(ToyConfig config) : config_(config) {}

  std::unique_ptr<State> clone() const override { return std::make_unique<ToyState>(*this); }

  int current_seat() const override {
    switch (phase_) {
      case Phase::kDeal:
      case Phase::kRolling:
      case Phase::kDrawing:
        return engine::kChanceSeat;
      case Phase::kChoose:
        return turn_;
      case Phase::kOver:
        break;
    }
    return engine::kTerminalSeat;
  }

  void legal_actions(std::vector<ActionCode>& out) const override {
    out.clear();
    if (phase_ != Phase::kChoose) return;
    out.push_back(kRoll);
    if (hands_[turn_].size() < 3) out.push_back(kDraw);
    out.push_back(kRest);
    std::vector<int> values = hands_[turn_];
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    for (int v : values) out.push_back(kPlayBase + static_cast<ActionCode>(v));
    if (config_.stretch && !stretched_) out.push_back(kStretch);
  }

  void chance_outcomes(std::vector<ChanceOutcome>& out) const override {
    out.clear();
    if (phase_ == Phase::kRolling) {
      for (ActionCode d = 1; d <= 6; ++d) out.push_back({kDieBase + d, 1.0 / 6.0});
    } else if (phase_ == Phase::kDeal || phase_ == Phase::kDrawing) {
      out.push_back({kCardBase + 1, 0.5});
      out.push_back({kCardBase + 2, 0.3});
      out.push_back({kCardBase + 3, 0.2});
    }
  }

  void apply(ActionCode action, LogSink* log) override {
    const std::string who = seat_name(turn_);
    switch (phase_) {
      case Phase::kDeal: {
        const int value = static_cast<int>(action - kCardBase);
        hands_[turn_].push_back(value);
        add(log, who + " is dealt card " + std::to_string(value), "1.1", 1u << turn_);
        add(log, who + " is dealt a card", "1.1", 1u << (1 - turn_));
        turn_ = 1 - turn_;
        if (turn_ == 0) phase_ = Phase::kChoose;
        return;
      }
      case Phase::kChoose:
        ++moves_;
        if (action == kRoll) {
          add(log, who + " rolls", "2.1", engine::kAllSeats);
          phase_ = Phase::kRolling;
        } else if (action == kDraw) {
          add(log, who + " draws", "2.2", engine::kAllSeats);
          phase_ = Phase::kDrawing;
        } else if (action == kRest) {
          add(log, who + " rests", "2.3", engine::kAllSeats);
          end_turn();
        } else if (action == kStretch) {
          add(log, who + " stretches", "2.5", engine::kAllSeats);
          stretched_ = true;
        } else {
          const int value = static_cast<int>(action - kPlayBase);
          auto& hand = hands_[turn_];
          hand.erase(std::find(hand.begin(), hand.end(), value));
          add(log, who + " plays card " + std::to_string(value), "2.4", engine::kAllSeats);
          advance(value, log);
        }
        return;
      case Phase::kRolling:
        add(log, who + " rolls " + std::to_string(action - kDieBase), "2.1", engine::kAllSeats);
        advance(static_cast<int>(action - kDieBase), log);
        return;
      case Phase::kDrawing: {
        const int value = static_cast<int>(action - kCardBase);
        hands_[turn_].push_back(value);
        add(log, who + " draws card " + std::to_string(value), "2.2", 1u << turn_);
        end_turn();
        return;
      }
      case Phase::kOver:
        break;
    }
    throw std::logic_error("toy: apply on a finished game");
  }

  std::string action_id(ActionCode action) const override {
    if (action == kRoll) return "roll";
    if (action == kDraw) return "draw";
    if (action == kRest) return "rest";
    if (action == kStretch) return "stretch";
    if (action >= kCardBase) return "card " + std::to_string(action - kCardBase);
    if (action >= kDieBase) return "die " + std::to_string(action - kDieBase);
    return "play " + std::to_string(action - kPlayBase);
  }

  std::string action_label(ActionCode action) const override {
    return action_id(action) + " (toy rules 2)";
  }

  engine::ActionGroup action_group(ActionCode action) const override {
    if (!config_.group_plays || action <= kPlayBase || action >= kDieBase) return {};
    return {"play a card (toy rules 2.4)", "card " + std::to_string(action - kPlayBase)};
  }

  std::string prompt() const override {
    switch (phase_) {
      case Phase::kDeal:
        return "1.1: deal to " + seat_name(turn_);
      case Phase::kChoose:
        return "2: " + seat_name(turn_) + " chooses";
      case Phase::kRolling:
        return "2.1: die roll for " + seat_name(turn_);
      case Phase::kDrawing:
        return "2.2: card draw for " + seat_name(turn_);
      case Phase::kOver:
        break;
    }
    return "game over";
  }

  bool is_undo_barrier(ActionCode action) const override {
    return action >= kDieBase || (action > kPlayBase && action < kDieBase);
  }

  std::vector<double> returns() const override {
    if (winner_ < 0) return {0.0, 0.0};
    return winner_ == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
  }
  int winner() const override { return winner_; }

  Json view(int seat) const override {
    Json view = {{"positions", positions_},
                 {"hand_sizes", {hands_[0].size(), hands_[1].size()}},
                 {"prompt", prompt()},
                 {"moves", moves_}};
    if (seat >= 0 && seat < 2) view["hand"] = hands_[seat];
    return view;
  }

  // Cards come from an endless deck (1: 50%, 2: 30%, 3: 20%): the other hand is redrawn.
  void resample_hidden(int seat, engine::Rng& rng) override {
    if (seat < 0 || seat > 1) return;
    for (int& v : hands_[1 - seat]) {
      const double r = rng.uniform();
      v = r < 0.5 ? 1 : r < 0.8 ? 2 : 3;
    }
  }

  std::uint64_t hash() const override {
    std::uint64_t h = 1469598103934665603ULL;
    auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 1099511628211ULL; };
    mix(static_cast<std::uint64_t>(phase_));
    mix(static_cast<std::uint64_t>(turn_));
    mix(static_cast<std::uint64_t>(moves_));
    mix(static_cast<std::uint64_t>(winner_ + 1));
    mix(stretched_ ? 1 : 0);
    for (int seat = 0; seat < 2; ++seat) {
      mix(static_cast<std::uint64_t>(positions_[seat]));
      mix(hands_[seat].size());
      for (int v : hands_[seat]) mix(static_cast<std::uint64_t>(v));
    }
    return h;
  }

  std::string check_invariants() const override {
    if (config_.bad_invariant_at > 0 && moves_ == config_.bad_invariant_at) {
      return "toy invariant broken at move " + std::to_string(moves_);
    }
    for (int seat = 0; seat < 2; ++seat) {
      if (positions_[seat] < 0) return seat_name(seat) + " position negative";
      if (hands_[seat].size() > 3) return seat_name(seat) + " holds more than 3 cards";
    }
    return "";
  }

  std::string check_transition(const State& before, ActionCode action) const override {
    const auto& previous = dynamic_cast<const ToyState&>(before);
    if (config_.bad_transition && action == kRest) return "toy transition refuses rest";
    for (int seat = 0; seat < 2; ++seat) {
      if (positions_[seat] < previous.positions_[seat]) return "a piece moved backwards";
    }
    return "";
  }

  int move_number() const override { return moves_; }

  static std::string seat_name(int seat) { return seat == 0 ? "red" : "blue"; }

 private:
  static void add(LogSink* log, std::string text, std::string rule, std::uint32_t visible) {
    if (log != nullptr) log->add(LogLine{std::move(text), std::move(rule), visible});
  }

  void advance(int steps, LogSink* log) {
    positions_[turn_] += steps;
    if (positions_[turn_] >= config_.target) {
      winner_ = turn_;
      phase_ = Phase::kOver;
      add(log, seat_name(turn_) + " wins", "3", engine::kAllSeats);
      return;
    }
    end_turn();
  }

  void end_turn() {
    turn_ = 1 - turn_;
    stretched_ = false;
    phase_ = moves_ >= config_.max_moves ? Phase::kOver : Phase::kChoose;
  }

  ToyConfig config_;
  Phase phase_ = Phase::kDeal;
  int turn_ = 0;
  int moves_ = 0;
  int winner_ = -1;
  bool stretched_ = false;
  std::array<int, 2> positions_{};
  std::array<std::vector<int>, 2> hands_;
};

class ToyGame final : public engine::Game {
 public:
  explicit ToyGame(bool stretch = true) : stretch_(stretch) {}
  std::string name() const override { return "toy"; }
  int num_seats() const override { return 2; }
  std::string seat_name(int seat) const override { return ToyState::seat_name(seat); }

  Options normalize_options(const Options& options) const override {
    if (!options.is_null() && !options.is_object()) {
      throw std::invalid_argument("toy options must be an object");
    }
    Options out = {{"target", 12},
                   {"max_moves", 80},
                   {"bad_invariant_at", 0},
                   {"bad_transition", false},
                   {"group_plays", false}};
    if (options.is_object()) {
      for (const auto& [key, value] : options.items()) {
        if (!out.contains(key)) throw std::invalid_argument("unknown toy option '" + key + "'");
        if (value.type() != out[key].type() &&
            !(value.is_number_integer() && out[key].is_number_integer())) {
          throw std::invalid_argument("toy option '" + key + "' has the wrong type");
        }
        out[key] = value;
      }
    }
    if (out["target"].get<int>() < 1) throw std::invalid_argument("toy target must be >= 1");
    return out;
  }

  std::unique_ptr<engine::State> new_initial_state(const Options& options) const override {
    const Options o = normalize_options(options);
    ToyConfig config;
    config.target = o["target"].get<int>();
    config.max_moves = o["max_moves"].get<int>();
    config.bad_invariant_at = o["bad_invariant_at"].get<int>();
    config.bad_transition = o["bad_transition"].get<bool>();
    config.group_plays = o["group_plays"].get<bool>();
    config.stretch = stretch_;
    return std::make_unique<ToyState>(config);
  }

 private:
  bool stretch_;
};

// The toy game as the engine's interface, as the tests' sessions take it.
inline std::shared_ptr<const engine::Game> game() { return std::make_shared<ToyGame>(); }

}  // namespace pacwar::toy
