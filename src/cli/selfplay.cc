#include "cli/selfplay.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <map>
#include <optional>
#include <thread>

#include "engine/hex.h"
#include "engine/random_play.h"
#include "engine/rng.h"

namespace pacwar::cli {
namespace {

using engine::ActionCode;
using engine::Rng;
using engine::State;

// Independent streams per game: players and chance never share random numbers.
constexpr std::uint64_t kSelfplayPlayerStream = 0x706C61796572ULL;  // "player"
constexpr std::uint64_t kSelfplayChanceStream = 0x6368616E6365ULL;  // "chance"

struct GameOutcome {
  bool completed = false;
  int winner = -1;
  long long actions = 0;
  std::uint64_t final_hash = 0;
  std::optional<std::string> violation;
  std::map<std::string, int> events_played;
  int end_turn = -1;
  std::string end_reason;
};

// Keeps the last public log line: the one that ends the game says how it ended.
class LastPublicLine final : public engine::LogSink {
 public:
  void add(engine::LogLine line) override {
    if (line.visible(-1)) last = std::move(line.text);
  }
  std::string last;
};

// An action id "event <card end> [target]" plays that card end for its event.
void count_event(const std::string& action_id, std::map<std::string, int>& counts) {
  if (action_id.rfind("event ", 0) != 0) return;
  const std::size_t end = action_id.find(' ', 6);
  ++counts[action_id.substr(6, end == std::string::npos ? std::string::npos : end - 6)];
}

std::string where(int index, long long action_number, const std::string& action_id) {
  return "game " + std::to_string(index) + ", action " + std::to_string(action_number) + " '" +
         action_id + "': ";
}

GameOutcome play_one(const engine::Game& game, const engine::Options& options,
                     const SelfplayConfig& config, int index) {
  GameOutcome outcome;
  Rng player_rng =
      Rng::for_step(config.seed ^ kSelfplayPlayerStream, static_cast<std::uint64_t>(index));
  Rng chance_rng =
      Rng::for_step(config.seed ^ kSelfplayChanceStream, static_cast<std::uint64_t>(index));
  engine::RandomPlayer player;
  std::unique_ptr<State> state;
  std::string action_id = "(start)";
  LastPublicLine last_line;
  try {
    state = game.new_initial_state(options);
    if (config.check_invariants) {
      if (std::string problem = state->check_invariants(); !problem.empty()) {
        outcome.violation = where(index, 0, action_id) + problem;
      }
    }
    while (!outcome.violation && !state->is_terminal()) {
      if (outcome.actions >= config.max_actions_per_game) {
        outcome.violation = "game " + std::to_string(index) + ": not finished after " +
                            std::to_string(outcome.actions) + " actions (at " + state->prompt() +
                            ")";
        break;
      }
      const ActionCode action = player.pick(*state, player_rng, chance_rng);
      action_id = state->action_id(action);
      ++outcome.actions;
      count_event(action_id, outcome.events_played);
      if (!config.check_invariants) {
        state->apply(action, &last_line);
        continue;
      }
      const std::unique_ptr<State> before = state->clone();
      state->apply(action, &last_line);
      std::string problem = state->check_invariants();
      if (problem.empty()) problem = state->check_transition(*before, action);
      if (!problem.empty()) outcome.violation = where(index, outcome.actions, action_id) + problem;
    }
  } catch (const std::exception& e) {
    outcome.violation = where(index, outcome.actions, action_id) + "exception: " + e.what();
  }
  if (state) outcome.final_hash = state->hash();
  if (!outcome.violation) {
    outcome.completed = true;
    outcome.winner = state->winner();
    outcome.end_turn = state->turn_number();
    outcome.end_reason = last_line.last;
  }
  return outcome;
}

}  // namespace

SelfplayResult run_selfplay(std::shared_ptr<const engine::Game> game,
                            const engine::Options& options, const SelfplayConfig& config) {
  const int games = std::max(0, config.games);
  const engine::Options normalized = game->normalize_options(options);
  std::vector<GameOutcome> outcomes(static_cast<std::size_t>(games));

  const auto start = std::chrono::steady_clock::now();
  const int threads = std::clamp(config.threads, 1, std::max(1, games));
  {
    std::vector<std::jthread> workers;
    for (int t = 0; t < threads; ++t) {
      workers.emplace_back([&, t] {
        for (int i = t; i < games; i += threads) {
          outcomes[static_cast<std::size_t>(i)] = play_one(*game, normalized, config, i);
        }
      });
    }
  }  // the jthreads join here
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  SelfplayResult result;
  result.games = games;
  result.wins.assign(static_cast<std::size_t>(game->num_seats()), 0);
  long long total_actions = 0;
  std::uint64_t digest = engine::splitmix64(static_cast<std::uint64_t>(games));
  for (const GameOutcome& outcome : outcomes) {
    total_actions += outcome.actions;
    for (const auto& [id, n] : outcome.events_played) result.events_played[id] += n;
    digest = engine::splitmix64(digest ^ outcome.final_hash);
    if (outcome.violation) {
      ++result.invariant_violations;
      if (result.violations.size() < kMaxViolationMessages) {
        result.violations.push_back(*outcome.violation);
      }
      continue;
    }
    ++result.completed;
    ++result.end_turn[outcome.end_turn];
    ++result.end_reasons[outcome.end_reason];
    if (outcome.winner >= 0 && outcome.winner < game->num_seats()) {
      ++result.wins[static_cast<std::size_t>(outcome.winner)];
    } else {
      ++result.draws;
    }
  }
  result.digest = digest;
  result.mean_actions = games > 0 ? static_cast<double>(total_actions) / games : 0.0;
  result.games_per_second = seconds > 0.0 ? games / seconds : 0.0;
  return result;
}

engine::Json to_json(const SelfplayResult& result, const engine::Game& game) {
  engine::Json json = engine::Json::object();
  json["games"] = result.games;
  json["completed"] = result.completed;
  for (std::size_t seat = 0; seat < result.wins.size(); ++seat) {
    json[game.seat_name(static_cast<int>(seat)) + "_wins"] = result.wins[seat];
  }
  json["draws"] = result.draws;
  json["invariant_violations"] = result.invariant_violations;
  json["violations"] = result.violations;
  json["mean_actions"] = result.mean_actions;
  json["games_per_second"] = result.games_per_second;
  json["digest"] = engine::to_hex(result.digest);
  json["events_played"] = result.events_played;
  engine::Json turns = engine::Json::object();
  for (const auto& [turn, n] : result.end_turn) turns[std::to_string(turn)] = n;
  json["end_turn"] = turns;
  json["end_reasons"] = result.end_reasons;
  return json;
}

}  // namespace pacwar::cli
