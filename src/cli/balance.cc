#include "cli/balance.h"

#include <atomic>
#include <cctype>
#include <chrono>
#include <cmath>
#include <fstream>
#include <mutex>
#include <optional>
#include <ostream>
#include <thread>

#include "ai/agent.h"
#include "cli/match.h"
#include "engine/errors.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace pacwar::cli {
namespace {

using engine::Json;

constexpr std::uint64_t kBalanceChanceStream = 0x62616C616E63ULL;  // "balanc"
constexpr std::uint64_t kBalancePlayerStream = 0x62616C706C79ULL;  // "balply"
constexpr int kSampleEvery = 16;  // actions between two looks at the public view

// Keeps the last log line every seat may read.
class LastPublicLine final : public engine::LogSink {
 public:
  void add(engine::LogLine line) override {
    if (line.visible_to == engine::kAllSeats) text = std::move(line.text);
  }
  std::string text;
};

// "End of Turn 4: the Allies lead." -> "End of Turn N: the Allies lead."
std::string without_numbers(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(text[i]))) {
      out += 'N';
      while (i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1]))) ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

// The public measures of a spectator's view: "vp" when the game has one, and the spaces (OZs)
// each seat controls.
void measure(const Json& view, const std::vector<std::string>& seats,
             std::map<std::string, double>& out) {
  if (view.contains("vp") && view["vp"].is_number()) out["vp"] = view["vp"].get<double>();
  for (const char* key : {"ozs", "spaces"}) {
    if (!view.contains(key)) continue;
    for (const std::string& seat : seats) out["held:" + seat] = 0;
    for (const Json& place : view[key]) {
      if (!place.is_object() || !place.contains("control") || !place["control"].is_string())
        continue;
      std::string control = place["control"];
      for (char& c : control) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (out.count("held:" + control)) out["held:" + control] += 1;
    }
  }
}

BalanceGame play_game(const engine::Game& game, const engine::Options& options,
                      const std::string& player, std::uint64_t seed, int max_actions) {
  const auto spec = ai::parse_agent_spec(player);
  std::vector<std::unique_ptr<ai::Agent>> agents;
  for (int s = 0; s < game.num_seats(); ++s) {
    agents.push_back(ai::make_agent(*spec, game.name(), game.num_seats(), 1));
  }
  std::vector<std::string> seats;
  for (int s = 0; s < game.num_seats(); ++s) seats.push_back(game.seat_name(s));
  engine::Rng chance(engine::splitmix64(seed ^ kBalanceChanceStream));
  engine::Rng seeds(engine::splitmix64(seed ^ kBalancePlayerStream));
  auto state = game.new_initial_state(options);
  LastPublicLine log;
  BalanceGame g;
  std::vector<engine::ChanceOutcome> outcomes;
  auto sample = [&]() {
    const Json view = state->view(-1);
    if (!view.contains("turn") || !view["turn"].is_number_integer()) return;
    const int turn = std::max(0, view["turn"].get<int>());
    g.turns = std::max(g.turns, turn);
    std::map<std::string, double> values;
    measure(view, seats, values);
    for (const auto& [key, value] : values) {
      auto& series = g.by_turn[key];
      if (static_cast<int>(series.size()) <= turn) {
        series.resize(static_cast<std::size_t>(turn) + 1, std::nan(""));
      }
      series[static_cast<std::size_t>(turn)] = value;
    }
  };
  int actions = 0;
  for (; actions < max_actions && !state->is_terminal(); ++actions) {
    if (actions % kSampleEvery == 0) sample();
    if (state->is_chance()) {
      outcomes.clear();
      state->chance_outcomes(outcomes);
      state->apply(engine::sample_outcome(outcomes, chance), &log);
      continue;
    }
    const int seat = state->current_seat();
    const engine::ActionCode action =
        agents[static_cast<std::size_t>(seat)]->choose(*state, seeds.next());
    if (state->is_undo_barrier(action)) {
      ++g.cards[seats[static_cast<std::size_t>(seat)] + ": " + state->action_id(action)];
    }
    state->apply(action, &log);
  }
  sample();
  g.actions = actions;
  g.finished = state->is_terminal();
  g.winner = g.finished ? state->winner() : -1;
  g.end = g.finished ? without_numbers(log.text) : "unfinished (--max-actions)";
  return g;
}

BalanceRun play_run(const engine::Game& game, const BalanceConfig& config, std::string label,
                    Json value, std::ostream* progress, std::size_t& done, std::size_t total,
                    std::chrono::steady_clock::time_point start) {
  BalanceRun run;
  run.label = std::move(label);
  run.value = std::move(value);
  run.games.resize(static_cast<std::size_t>(config.games));
  std::atomic<int> next{0};
  std::mutex mutex;
  std::exception_ptr failure;
  auto worker = [&]() {
    while (true) {
      const int k = next++;
      if (k >= config.games) return;
      try {
        const std::uint64_t seed = engine::splitmix64(
            config.seed ^ (0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(k + 1)));
        BalanceGame g = play_game(game, config.options, config.player, seed, config.max_actions);
        std::lock_guard lock(mutex);
        run.games[static_cast<std::size_t>(k)] = std::move(g);
        ++done;
        if (progress != nullptr && (done % 10 == 0 || done == total)) {
          const double seconds =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
          *progress << "balance: " << progress_line(done, total, seconds) << std::endl;
        }
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        next = config.games;
        return;
      }
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < std::max(1, config.jobs); ++j) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
  return run;
}

}  // namespace

std::pair<double, double> wilson(int wins, int n) {
  if (n <= 0) return {0.0, 1.0};
  const double z = 1.959963984540054;
  const double p = static_cast<double>(wins) / n;
  const double nn = static_cast<double>(n);
  const double denominator = 1 + z * z / nn;
  const double centre = (p + z * z / (2 * nn)) / denominator;
  const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denominator;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

BalanceResult run_balance(const BalanceConfig& config, std::ostream* progress) {
  if (config.games < 1) throw engine::UsageError("balance: --games must be at least 1");
  const auto spec = ai::parse_agent_spec(config.player);
  if (!spec) throw engine::UsageError("balance: unknown player '" + config.player + "'");
  if (spec->kind == ai::AgentSpec::Kind::kOracle) {
    throw engine::UsageError("balance: oracle sees hidden cards; give a real player");
  }
  auto plain = find_game(config.game);
  if (!plain) throw engine::UsageError("balance: unknown game '" + config.game + "'");
  const engine::Options options = plain->normalize_options(config.options);
  BalanceConfig normalized = config;
  normalized.options = options;
  DataOverride override;
  override.game = config.game;
  if (!config.data_override.empty()) {
    override = read_data_override(config.data_override);
    if (override.game != config.game) {
      throw engine::UsageError(config.data_override + ": field 'game' is '" + override.game +
                               "', but the balance is of " + config.game);
    }
  }
  BalanceResult result;
  for (int s = 0; s < plain->num_seats(); ++s) result.seats.push_back(plain->seat_name(s));
  // Every sweep's values are checked (and their data loaded) before any game is played.
  std::vector<std::pair<Json, std::vector<Json>>> sweep_values;
  for (const std::string& field : config.sweeps) {
    const Json value = data_value(override, field);
    if (!value.is_number()) {
      throw engine::UsageError("--sweep " + field + ": the value is " + value.dump() +
                               ", not a number");
    }
    std::vector<Json> values;
    for (int delta : {-1, 1}) {
      values.push_back(value.is_number_integer() ? Json(value.get<long long>() + delta)
                                                 : Json(value.get<double>() + delta));
    }
    sweep_values.push_back({value, values});
  }
  const std::size_t total = static_cast<std::size_t>(config.games) * (1 + 2 * config.sweeps.size());
  std::size_t done = 0;
  const auto start = std::chrono::steady_clock::now();
  {
    std::optional<OverriddenData> data;
    if (!config.data_override.empty()) data.emplace(override);
    const auto game = data ? data->game() : plain;
    result.base = play_run(*game, normalized, "base", nullptr, progress, done, total, start);
  }
  for (std::size_t i = 0; i < config.sweeps.size(); ++i) {
    BalanceResult::Sweep sweep;
    sweep.field = config.sweeps[i];
    sweep.base_value = sweep_values[i].first;
    for (const Json& value : sweep_values[i].second) {
      const Json op = Json::array({{{"op", "replace"}, {"path", sweep.field}, {"value", value}}});
      const std::string label = sweep.field + " = " + value.dump();
      std::optional<OverriddenData> data;
      try {
        data.emplace(override, op);
      } catch (const engine::UsageError& e) {
        // A value the game's own checks refuse (e.g. a route of length 3 where 1 or 2 are
        // allowed) is reported, not played.
        BalanceRun refused;
        refused.label = label;
        refused.value = value;
        refused.refused = e.what();
        sweep.runs.push_back(std::move(refused));
        done += static_cast<std::size_t>(config.games);
        continue;
      }
      sweep.runs.push_back(
          play_run(*data->game(), normalized, label, value, progress, done, total, start));
    }
    result.sweeps.push_back(std::move(sweep));
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

namespace {

Json run_json(const BalanceRun& run, const std::vector<std::string>& seats) {
  if (!run.refused.empty()) {
    return {{"label", run.label}, {"value", run.value}, {"refused", run.refused}};
  }
  const int n = static_cast<int>(run.games.size());
  Json wins = Json::object();
  for (std::size_t s = 0; s < seats.size(); ++s) {
    int w = 0;
    for (const BalanceGame& g : run.games) w += g.winner == static_cast<int>(s) ? 1 : 0;
    const auto [low, high] = wilson(w, n);
    wins[seats[s]] = {
        {"wins", w}, {"rate", n ? static_cast<double>(w) / n : 0.0}, {"wilson95", {low, high}}};
  }
  int unfinished = 0;
  int draws = 0;
  std::vector<double> actions;
  std::vector<double> turns;
  Json ends = Json::object();
  for (const BalanceGame& g : run.games) {
    unfinished += g.finished ? 0 : 1;
    draws += g.finished && g.winner < 0 ? 1 : 0;
    actions.push_back(g.actions);
    turns.push_back(g.turns);
    ends[g.end] = ends.value(g.end, 0) + 1;
  }
  return {{"label", run.label},
          {"value", run.value},
          {"games", n},
          {"wins", wins},
          {"draws", draws},
          {"unfinished", unfinished},
          {"actions",
           {{"median", quantile(actions, 0.5)},
            {"p10", quantile(actions, 0.1)},
            {"p90", quantile(actions, 0.9)}}},
          {"turns",
           {{"median", quantile(turns, 0.5)},
            {"min", quantile(turns, 0.0)},
            {"max", quantile(turns, 1.0)}}},
          {"ends", ends}};
}

}  // namespace

Json to_json(const BalanceResult& result, const BalanceConfig& config) {
  Json sweeps = Json::array();
  for (const auto& sweep : result.sweeps) {
    Json runs = Json::array();
    for (const BalanceRun& run : sweep.runs) runs.push_back(run_json(run, result.seats));
    sweeps.push_back({{"field", sweep.field}, {"base_value", sweep.base_value}, {"runs", runs}});
  }
  return {{"game", config.game},       {"player", config.player},
          {"games", config.games},     {"seed", config.seed},
          {"options", config.options}, {"data_override", config.data_override},
          {"seconds", result.seconds}, {"base", run_json(result.base, result.seats)},
          {"sweeps", sweeps}};
}

}  // namespace pacwar::cli
