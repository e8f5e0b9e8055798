#include "cli/arena.h"

#include <algorithm>
#include <chrono>

#include "ai/agent.h"
#include "engine/errors.h"
#include "engine/random_play.h"
#include "engine/rng.h"

namespace pacwar::cli {
namespace {

using Clock = std::chrono::steady_clock;
using engine::Rng;

constexpr std::uint64_t kChanceStream = 0x6368616E6365ULL;  // "chance"
constexpr std::uint64_t kPlayerStream = 0x706C61796572ULL;  // "player"

}  // namespace

ArenaResult run_arena(std::shared_ptr<const engine::Game> game, const engine::Options& options,
                      const ArenaConfig& config) {
  const int seats = game->num_seats();
  if (static_cast<int>(config.players.size()) != seats) {
    throw engine::UsageError("arena: " + std::to_string(config.players.size()) +
                             " players given for " + std::to_string(seats) + " seats");
  }
  std::vector<std::unique_ptr<ai::Agent>> agents;
  std::vector<bool> timed;
  for (const std::string& name : config.players) {
    const auto spec = ai::parse_agent_spec(name);
    if (!spec) throw engine::UsageError("arena: unknown player '" + name + "'");
    agents.push_back(ai::make_agent(*spec, game->name(), seats, config.threads));
    timed.push_back(spec->kind != ai::AgentSpec::Kind::kRandom);
  }
  const engine::Options normalized = game->normalize_options(options);

  ArenaResult result;
  result.games = std::max(0, config.games);
  result.wins.assign(static_cast<std::size_t>(seats), 0);
  std::vector<double> all_ms;
  std::vector<double> seat_ms(static_cast<std::size_t>(seats), 0.0);
  std::vector<long long> seat_decisions(static_cast<std::size_t>(seats), 0);
  std::vector<engine::ActionCode> legal;
  std::vector<engine::ChanceOutcome> outcomes;
  long long total_actions = 0;
  const auto start = Clock::now();
  for (int g = 0; g < result.games; ++g) {
    Rng chance = Rng::for_step(config.seed ^ kChanceStream, static_cast<std::uint64_t>(g));
    Rng seeds = Rng::for_step(config.seed ^ kPlayerStream, static_cast<std::uint64_t>(g));
    auto state = game->new_initial_state(normalized);
    int actions = 0;
    for (; actions < config.max_actions_per_game && !state->is_terminal(); ++actions) {
      if (state->is_chance()) {
        outcomes.clear();
        state->chance_outcomes(outcomes);
        state->apply(engine::sample_outcome(outcomes, chance), nullptr);
        continue;
      }
      const auto seat = static_cast<std::size_t>(state->current_seat());
      legal.clear();
      state->legal_actions(legal);
      const auto begin = Clock::now();
      const engine::ActionCode action = agents[seat]->choose(*state, seeds.next());
      const double ms = std::chrono::duration<double, std::milli>(Clock::now() - begin).count();
      if (timed[seat] && legal.size() >= 2) {
        all_ms.push_back(ms);
        seat_ms[seat] += ms;
        ++seat_decisions[seat];
      }
      state->apply(action, nullptr);
    }
    total_actions += actions;
    if (!state->is_terminal()) {
      ++result.unfinished;
    } else if (const int winner = state->winner(); winner >= 0 && winner < seats) {
      ++result.wins[static_cast<std::size_t>(winner)];
    } else {
      ++result.draws;
    }
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  result.decisions = static_cast<long long>(all_ms.size());
  if (!all_ms.empty()) {
    double sum = 0.0;
    for (const double ms : all_ms) sum += ms;
    result.mean_ms_per_decision = sum / static_cast<double>(all_ms.size());
    const std::size_t rank = std::min(all_ms.size() - 1, (all_ms.size() * 95) / 100);
    std::nth_element(all_ms.begin(), all_ms.begin() + static_cast<std::ptrdiff_t>(rank),
                     all_ms.end());
    result.p95_ms_per_decision = all_ms[rank];
  }
  for (std::size_t seat = 0; seat < seat_ms.size(); ++seat) {
    result.seat_mean_ms.push_back(
        seat_decisions[seat] > 0 ? seat_ms[seat] / static_cast<double>(seat_decisions[seat]) : 0.0);
  }
  result.mean_actions = result.games > 0 ? static_cast<double>(total_actions) / result.games : 0.0;
  return result;
}

engine::Json to_json(const ArenaResult& result, const ArenaConfig& config,
                     const engine::Game& game) {
  engine::Json json = engine::Json::object();
  json["games"] = result.games;
  engine::Json players = engine::Json::object();
  for (std::size_t seat = 0; seat < result.wins.size(); ++seat) {
    const std::string name = game.seat_name(static_cast<int>(seat));
    json[name + "_wins"] = result.wins[seat];
    json[name + "_mean_ms"] = result.seat_mean_ms[seat];
    players[name] = seat < config.players.size() ? config.players[seat] : "";
  }
  json["draws"] = result.draws;
  json["unfinished"] = result.unfinished;
  json["decisions"] = result.decisions;
  json["mean_ms_per_decision"] = result.mean_ms_per_decision;
  json["p95_ms_per_decision"] = result.p95_ms_per_decision;
  json["mean_actions"] = result.mean_actions;
  json["seconds"] = result.seconds;
  json["seed"] = config.seed;
  json["threads"] = config.threads;
  json["players"] = players;
  return json;
}

}  // namespace pacwar::cli
