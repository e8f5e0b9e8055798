#include "cli/match.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "ai/agent.h"
#include "engine/errors.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "games/registry.h"

namespace pacwar::cli {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::uint64_t kMatchChanceStream = 0x6D6174636863ULL;  // "matchc"
constexpr std::uint64_t kMatchPlayerStream = 0x6D6174636870ULL;  // "matchp"
constexpr std::uint64_t kProbeStream = 0x6D617463687AULL;        // "matchz"

using CounterFactory = std::function<std::unique_ptr<engine::BlunderCounter>()>;

MatchOutcome play_one(const engine::Game& game, const engine::Options& options,
                      const MatchGame& match, const MatchConfig& config,
                      const CounterFactory& make_counter) {
  std::vector<std::unique_ptr<ai::Agent>> agents;
  std::vector<bool> timed;
  for (const std::string& name : match.players) {
    const auto spec = ai::parse_agent_spec(name);
    if (!spec) throw engine::UsageError("unknown player '" + name + "'");
    agents.push_back(ai::make_agent(*spec, game.name(), game.num_seats(), config.threads));
    timed.push_back(spec->kind != ai::AgentSpec::Kind::kRandom);
  }
  MatchOutcome outcome;
  outcome.ms.resize(agents.size());
  engine::Rng chance(engine::splitmix64(match.seed ^ kMatchChanceStream));
  engine::Rng seeds(engine::splitmix64(match.seed ^ kMatchPlayerStream));
  engine::Rng probe_rng(engine::splitmix64(match.seed ^ kProbeStream));
  auto state = game.new_initial_state(options);
  std::vector<engine::ActionCode> legal;
  std::vector<engine::ChanceOutcome> outcomes;
  // The blunder counters watch every action, with the state before it (a copy per action).
  const std::unique_ptr<engine::BlunderCounter> counter = make_counter ? make_counter() : nullptr;
  std::vector<long long> decisions(agents.size(), 0);
  auto apply = [&](engine::ActionCode action, int seat) {
    if (!counter) {
      state->apply(action, nullptr);
      return;
    }
    const std::unique_ptr<engine::State> before = state->clone();
    state->apply(action, nullptr);
    counter->observe(*before, action, seat, *state);
  };
  int actions = 0;
  for (; actions < config.max_actions && !state->is_terminal(); ++actions) {
    if (state->is_chance()) {
      outcomes.clear();
      state->chance_outcomes(outcomes);
      const engine::ActionCode drawn = engine::sample_outcome(outcomes, chance);
      outcome.digest = engine::splitmix64(outcome.digest ^ drawn);
      apply(drawn, engine::kChanceSeat);
      continue;
    }
    const auto seat = static_cast<std::size_t>(state->current_seat());
    legal.clear();
    state->legal_actions(legal);
    if (config.probe && legal.size() >= 2) {
      outcome.probes.emplace_back(static_cast<int>(seat),
                                  config.probe(*state, static_cast<int>(seat), probe_rng));
    }
    if (config.record && legal.size() >= 2) {
      outcome.records.push_back(config.record(*state, static_cast<int>(seat), probe_rng));
    }
    const auto begin = Clock::now();
    const engine::ActionCode action = agents[seat]->choose(*state, seeds.next());
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - begin).count();
    if (timed[seat] && legal.size() >= 2) outcome.ms[seat].push_back(ms);
    if (legal.size() >= 2) ++decisions[seat];
    outcome.digest = engine::splitmix64(outcome.digest ^ action);
    apply(action, static_cast<int>(seat));
  }
  if (counter) {
    counter->finish(*state);
    outcome.blunders.add(*counter, decisions);
  }
  outcome.actions = actions;
  outcome.finished = state->is_terminal();
  outcome.winner = outcome.finished ? state->winner() : -1;
  return outcome;
}

}  // namespace

void play_matches(std::shared_ptr<const engine::Game> game, const engine::Options& options,
                  const std::vector<MatchGame>& games, const MatchConfig& config,
                  const MatchDone& done) {
  for (const MatchGame& match : games) {
    if (static_cast<int>(match.players.size()) != game->num_seats()) {
      throw engine::UsageError("a game needs " + std::to_string(game->num_seats()) + " players");
    }
    for (const std::string& name : match.players) {
      if (!ai::parse_agent_spec(name)) throw engine::UsageError("unknown player '" + name + "'");
    }
  }
  const engine::Options normalized = game->normalize_options(options);
  std::optional<engine::GameModule> module;
  if (config.blunders) module = find_module(game->name());
  const CounterFactory make_counter = module ? module->blunders : CounterFactory{};
  const int jobs = std::clamp(config.jobs, 1, std::max<int>(1, static_cast<int>(games.size())));
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(jobs));
  auto work = [&](int job) {
    try {
      for (std::size_t g = next++; g < games.size() && !stop; g = next++) {
        const MatchOutcome outcome = play_one(*game, normalized, games[g], config, make_counter);
        const std::lock_guard lock(mutex);
        if (stop) break;
        if (!done(g, outcome)) stop = true;
      }
    } catch (...) {
      errors[static_cast<std::size_t>(job)] = std::current_exception();
      stop = true;
    }
  };
  {
    std::vector<std::jthread> workers;
    for (int job = 1; job < jobs; ++job) workers.emplace_back(work, job);
    work(0);
  }
  for (const std::exception_ptr& error : errors) {
    if (error) std::rethrow_exception(error);
  }
}

bool reproducible(const std::string& spec, int threads) {
  const auto parsed = ai::parse_agent_spec(spec);
  if (!parsed) return false;
  if (parsed->kind == ai::AgentSpec::Kind::kRandom ||
      parsed->kind == ai::AgentSpec::Kind::kHeuristic)
    return true;
  const int searching = threads > 0 ? threads : parsed->mcts.threads;
  return parsed->mcts.time_ms <= 0.0 && (searching == 1 || parsed->mcts.even_split);
}

std::string progress_line(std::size_t done, std::size_t total, double seconds, const char* unit) {
  std::string line = std::to_string(done) + "/" + std::to_string(total) + " " + unit + ", " +
                     std::to_string(std::lround(seconds)) + " s";
  if (done > 0 && done < total) {
    const double eta = seconds / static_cast<double>(done) * static_cast<double>(total - done);
    line += ", ETA " + std::to_string(std::lround(eta)) + " s";
  }
  return line;
}

double quantile(std::vector<double> values, double p) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::min<double>(
      static_cast<double>(values.size() - 1), std::floor(p * static_cast<double>(values.size()))));
  return values[rank];
}

}  // namespace pacwar::cli
