#include "cli/arena.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <thread>

#include "ai/agent.h"
#include "engine/errors.h"
#include "engine/random_play.h"
#include "engine/rng.h"
#include "engine/session.h"
#include "games/registry.h"

namespace pacwar::cli {
namespace {

using Clock = std::chrono::steady_clock;
using engine::Rng;

constexpr std::uint64_t kArenaChanceStream = 0x6368616E6365ULL;  // "chance"
constexpr std::uint64_t kArenaPlayerStream = 0x706C61796572ULL;  // "player"
constexpr std::size_t kEndLines = 3;  // log lines kept of each game's end

// Keeps the last few log lines of a game (how it ended).
class TailLog final : public engine::LogSink {
 public:
  void add(engine::LogLine line) override {
    lines.push_back(std::move(line.text));
    if (lines.size() > kEndLines) lines.pop_front();
  }
  std::deque<std::string> lines;
};

// One game's outcome and the time each timed decision took, per seat.
struct Played {
  ArenaGame game;
  std::vector<std::vector<double>> ms;  // per seat
  engine::BlunderTally blunders;
};

using CounterFactory = std::function<std::unique_ptr<engine::BlunderCounter>()>;

// The players of one worker: agents keep search trees, so workers never share them.
std::vector<std::unique_ptr<ai::Agent>> make_agents(const engine::Game& game,
                                                    const ArenaConfig& config,
                                                    std::vector<bool>& timed) {
  std::vector<std::unique_ptr<ai::Agent>> agents;
  timed.clear();
  for (const std::string& name : config.players) {
    const auto spec = ai::parse_agent_spec(name);
    if (!spec) throw engine::UsageError("arena: unknown player '" + name + "'");
    agents.push_back(ai::make_agent(*spec, game.name(), game.num_seats(), config.threads));
    timed.push_back(spec->kind != ai::AgentSpec::Kind::kRandom);
  }
  return agents;
}

// Writes a game's save file; throws engine::UsageError naming the file when it cannot.
void write_save(const engine::Session& session, const std::string& dir, int g) {
  const std::filesystem::path path =
      std::filesystem::path(dir) / ("game-" + std::to_string(g) + ".json");
  std::ofstream out(path);
  out << session.save().dump() << "\n";
  out.close();
  if (!out) throw engine::UsageError("arena: cannot write the save file " + path.string());
}

Played play_game(const std::shared_ptr<const engine::Game>& game_ptr,
                 const engine::Options& options, const ArenaConfig& config, int g,
                 std::vector<std::unique_ptr<ai::Agent>>& agents, const std::vector<bool>& timed,
                 const CounterFactory& make_counter) {
  const engine::Game& game = *game_ptr;
  Played played;
  played.game.index = g;
  played.ms.resize(agents.size());
  Rng chance = Rng::for_step(config.seed ^ kArenaChanceStream, static_cast<std::uint64_t>(g));
  Rng seeds = Rng::for_step(config.seed ^ kArenaPlayerStream, static_cast<std::uint64_t>(g));
  auto state = game.new_initial_state(options);
  // The save follows the same actions (chance outcomes included), so loading it gives this game.
  std::optional<engine::Session> session;
  if (!config.save_dir.empty()) session.emplace(game_ptr, options, config.seed);
  std::vector<engine::ActionCode> legal;
  std::vector<engine::ChanceOutcome> outcomes;
  TailLog tail;
  // The blunder counters watch every action, with the state before it (a copy per action).
  const std::unique_ptr<engine::BlunderCounter> counter = make_counter ? make_counter() : nullptr;
  std::vector<long long> decisions(agents.size(), 0);
  auto apply = [&](engine::ActionCode action, int seat) {
    if (!counter) {
      state->apply(action, &tail);
      return;
    }
    const std::unique_ptr<engine::State> before = state->clone();
    state->apply(action, &tail);
    counter->observe(*before, action, seat, *state);
  };
  int actions = 0;
  for (; actions < config.max_actions_per_game && !state->is_terminal(); ++actions) {
    if (state->is_chance()) {
      outcomes.clear();
      state->chance_outcomes(outcomes);
      const engine::ActionCode outcome = engine::sample_outcome(outcomes, chance);
      if (session) session->apply(outcome);
      apply(outcome, engine::kChanceSeat);
      continue;
    }
    const auto seat = static_cast<std::size_t>(state->current_seat());
    legal.clear();
    state->legal_actions(legal);
    const auto begin = Clock::now();
    const engine::ActionCode action = agents[seat]->choose(*state, seeds.next());
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - begin).count();
    if (timed[seat] && legal.size() >= 2) played.ms[seat].push_back(ms);
    if (legal.size() >= 2) ++decisions[seat];
    if (session) session->apply(action);
    apply(action, static_cast<int>(seat));
  }
  if (counter) {
    counter->finish(*state);
    played.blunders.add(*counter, decisions);
  }
  if (session) write_save(*session, config.save_dir, g);
  played.game.actions = actions;
  played.game.finished = state->is_terminal();
  played.game.winner = played.game.finished ? state->winner() : -1;
  played.game.end.assign(tail.lines.begin(), tail.lines.end());
  return played;
}

}  // namespace

ArenaResult run_arena(std::shared_ptr<const engine::Game> game, const engine::Options& options,
                      const ArenaConfig& config) {
  const int seats = game->num_seats();
  if (static_cast<int>(config.players.size()) != seats) {
    throw engine::UsageError("arena: " + std::to_string(config.players.size()) +
                             " players given for " + std::to_string(seats) + " seats");
  }
  std::vector<bool> timed;
  make_agents(*game, config, timed);  // refuses unknown players before any game starts
  const engine::Options normalized = game->normalize_options(options);
  if (!config.save_dir.empty()) {
    std::error_code error;
    std::filesystem::create_directories(config.save_dir, error);
    if (error) {
      throw engine::UsageError("arena: cannot create the directory " + config.save_dir + ": " +
                               error.message());
    }
  }

  // The game's blunder counters, when its module has them (a game without a module has none).
  const std::optional<engine::GameModule> module = find_module(game->name());
  const CounterFactory make_counter = module ? module->blunders : CounterFactory{};

  ArenaResult result;
  result.games = std::max(0, config.games);
  std::vector<Played> played(static_cast<std::size_t>(result.games));
  const int jobs = std::clamp(config.jobs, 1, std::max(1, result.games));
  std::atomic<int> next{0};
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(jobs));
  const auto start = Clock::now();
  auto work = [&](int job) {
    try {
      std::vector<bool> job_timed;
      auto agents = make_agents(*game, config, job_timed);
      for (int g = next++; g < result.games; g = next++) {
        played[static_cast<std::size_t>(g)] =
            play_game(game, normalized, config, g, agents, job_timed, make_counter);
      }
    } catch (...) {
      errors[static_cast<std::size_t>(job)] = std::current_exception();
      next = result.games;  // the other workers stop after their current game
    }
  };
  {
    std::vector<std::jthread> workers;
    for (int job = 1; job < jobs; ++job) workers.emplace_back(work, job);
    work(0);
  }  // joined here
  for (const std::exception_ptr& error : errors) {
    if (error) std::rethrow_exception(error);
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();

  result.wins.assign(static_cast<std::size_t>(seats), 0);
  std::vector<double> all_ms;
  std::vector<double> seat_ms(static_cast<std::size_t>(seats), 0.0);
  std::vector<long long> seat_decisions(static_cast<std::size_t>(seats), 0);
  long long total_actions = 0;
  for (Played& p : played) {
    total_actions += p.game.actions;
    if (!p.game.finished) {
      ++result.unfinished;
    } else if (p.game.winner >= 0 && p.game.winner < seats) {
      ++result.wins[static_cast<std::size_t>(p.game.winner)];
    } else {
      ++result.draws;
    }
    for (std::size_t seat = 0; seat < p.ms.size(); ++seat) {
      for (const double ms : p.ms[seat]) {
        all_ms.push_back(ms);
        seat_ms[seat] += ms;
        ++seat_decisions[seat];
      }
    }
    result.blunders.add(p.blunders);
    result.per_game.push_back(std::move(p.game));
  }
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
  json["jobs"] = config.jobs;
  json["players"] = players;
  engine::Json per_game = engine::Json::array();
  for (const ArenaGame& g : result.per_game) {
    per_game.push_back(
        {{"game", g.index},
         {"winner", g.finished && g.winner >= 0 ? engine::Json(game.seat_name(g.winner))
                                                : engine::Json(nullptr)},
         {"finished", g.finished},
         {"actions", g.actions},
         {"end", g.end}});
  }
  json["per_game"] = per_game;
  if (!result.blunders.is_empty()) {
    engine::Json blunders = engine::Json::object();
    for (std::size_t seat = 0; seat < result.wins.size(); ++seat)
      blunders[game.seat_name(static_cast<int>(seat))] =
          result.blunders.seat_json(static_cast<int>(seat));
    json["blunders"] = blunders;
  }
  return json;
}

}  // namespace pacwar::cli
