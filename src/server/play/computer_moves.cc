// GameService's moves of computer players: thought outside the game's lock, applied if the
// game has not changed meanwhile.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <stdexcept>

#include "ai/agent.h"
#include "engine/errors.h"
#include "engine/json_writer.h"
#include "games/registry.h"
#include "server/accounts/crypto.h"
#include "server/http/api_error.h"
#include "server/http/json_http.h"
#include "server/notify/notices.h"
#include "server/play/clocks.h"
#include "server/play/games.h"

namespace pacwar::server {
namespace {

using engine::Json;

// Seeds of computer players: the same stream as terminal play (src/cli/play.cc), so a move
// depends only on the game's seed and the length of its log.
constexpr std::uint64_t kAiPlayerStream = 0x6169ULL;  // "ai"

// The most moves play_at_once makes in one request (a computer player that plays on for longer,
// as in a set-up of many steps, leaves the rest to the worker's threads).
constexpr int kMostMovesAtOnce = 64;

}  // namespace

std::uint64_t GameService::agent_seed(const LiveGame& live) {
  return engine::splitmix64(live.record.seed ^ kAiPlayerStream ^
                            engine::splitmix64(live.session->history_ids().size()));
}

std::vector<AgentMoveAtOnce> GameService::play_at_once(LiveGame& live) {
  std::vector<AgentMoveAtOnce> moves;
  if (!agent_queue_) return moves;
  const engine::State& state = live.session->state();
  // The player of the last move, kept for the next one of the same name (these do not remember).
  std::string made_for;
  std::unique_ptr<ai::Agent> agent;
  for (int i = 0; i < kMostMovesAtOnce && !state.is_terminal(); ++i) {
    const int seat = state.current_seat();
    if (seat < 0 || static_cast<std::size_t>(seat) >= live.record.seats.size()) break;
    const std::string& agent_name = live.record.seats[static_cast<std::size_t>(seat)].agent;
    if (agent_name.empty()) break;  // a person's turn
    std::optional<std::string> worker = agent_queue_->plays_at_once(agent_name);
    if (!worker) break;  // a worker's thread thinks
    if (!agent || made_for != agent_name) {
      const auto spec = ai::parse_agent_spec(agent_name);
      if (!spec) break;  // the worker reports it
      agent = ai::make_agent(*spec, live.record.game, live.session->game().num_seats(), 0);
      made_for = agent_name;
    }
    const auto index = static_cast<std::int64_t>(live.session->history_ids().size());
    live.session->apply(agent->choose(state, agent_seed(live)));
    live.session->resolve_chance();
    moves.push_back({index, std::move(*worker)});
  }
  return moves;
}

std::optional<GameService::AgentMove> GameService::think_agent(const std::string& id) {
  std::unique_ptr<engine::State> state;
  AgentMove move;
  std::string agent_name;
  std::string game_name;
  int seats = 0;
  std::uint64_t seed = 0;
  std::size_t seat = 0;
  std::shared_ptr<LiveGame> game;
  std::unique_ptr<ai::Agent> agent;
  {
    Locked live = get(id);
    if (!agent_to_move(*live.game)) return std::nullopt;
    state = live->session->state().clone();
    move.revision = live->record.revision;
    seat = static_cast<std::size_t>(live->record.state.to_move);
    agent_name = live->record.seats[seat].agent;
    if (seat < live->agents.size() && live->agents[seat].first == agent_name) {
      agent = std::move(live->agents[seat].second);  // this thinker's alone while it thinks
    }
    game = live.game;
    game_name = live->record.game;
    seats = live->session->game().num_seats();
    seed = agent_seed(*live.game);
  }
  const auto spec = ai::parse_agent_spec(agent_name);
  if (!spec) throw std::runtime_error("game " + id + ": unknown computer player " + agent_name);
  const auto start = std::chrono::steady_clock::now();
  // The level's own thread count (hard and expert search on two: ai::mcts_level).
  if (!agent) agent = ai::make_agent(*spec, game_name, seats, 0);
  move.action = agent->choose(*state, seed);
  move.think_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start)
                      .count();
  if (agent->remembers()) {
    // Kept with the game (dropped with it when it leaves memory).
    const std::lock_guard lock(game->mutex);
    if (game->agents.size() <= seat) game->agents.resize(seat + 1);
    game->agents[seat] = {agent_name, std::move(agent)};
  }
  return move;
}

bool GameService::apply_agent(const std::string& id, const AgentMove& move,
                              const std::string& worker) {
  Locked live = get(id);
  if (live->record.revision != move.revision) return agent_to_move(*live.game);  // think again
  const std::int64_t version = live->record.state.version;
  live->session->apply(move.action);
  try {
    live->session->resolve_chance();
  } catch (...) {
    if (auto record = store_.load_game(id)) reload(*live.game, std::move(*record));
    throw;
  }
  commit(*live.game, version, status_now(*live.game), worker.empty() ? "embedded" : worker,
         move.think_ms);
  notifier_.publish(id);
  if (!agent_to_move(*live.game)) return false;
  if (!live->job_taken) return true;
  if (agent_queue_) agent_queue_->take(AiJob{id, live->record.revision, 1});
  return false;
}

}  // namespace pacwar::server
