// GameService's checks of stored games against the rules of this version, and their repair
// (pacwar games check / repair, docs/deploy.md "Rule fixes and games in progress").
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

using engine::Json;

std::optional<ReplayProblem> GameService::replay_problem(const GameRecord& record) const {
  ReplayProblem problem;
  problem.rules_now = rules_version(record.game);
  problem.length = static_cast<std::int64_t>(record.actions.size());
  auto game = this->game(record.game);
  if (!game) {
    problem.error = "unknown game '" + record.game + "'";
  } else {
    try {
      engine::Session session(game, record.options, record.seed);
      for (const ActionRecord& action : record.actions) {
        problem.action = action.id;
        session.apply_id(action.id);
        ++problem.index;
      }
      return std::nullopt;
    } catch (const std::exception& e) {  // UsageError, or the options no longer valid
      problem.error = e.what();
    }
  }
  problem.game = record;
  problem.game.actions.clear();
  return problem;
}

std::optional<ReplayProblem> GameService::check_game(const std::string& id) const {
  const auto record = store_.load_game(id);
  if (!record) return std::nullopt;
  return replay_problem(*record);
}

std::vector<ReplayProblem> GameService::check_games(bool changed_rules_only) const {
  std::vector<ReplayProblem> problems;
  for (const GameRecord& game : store_.unfinished_games()) {
    if (changed_rules_only && game.rules_version == rules_version(game.game)) continue;
    if (auto problem = check_game(game.id)) problems.push_back(std::move(*problem));
  }
  return problems;
}

std::optional<RepairResult> GameService::repair(const std::string& id) {
  auto record = store_.load_game(id);
  if (!record) throw ApiError(404, "no game '" + id + "'");
  auto problem = replay_problem(*record);
  if (!problem) return std::nullopt;
  if (record->state.status == PlayStatus::kFinished) {
    throw ApiError(409, "game " + id +
                            " is finished: its result stands, and only games in "
                            "progress are repaired");
  }
  auto game = this->game(record->game);
  if (!game) throw ApiError(409, "game " + id + ": " + problem->error + "; it cannot be repaired");
  // The kept actions, then chance with the game's seed (as after any action).
  auto live = std::make_shared<LiveGame>();
  live->session = std::make_unique<engine::Session>(game, record->options, record->seed);
  for (std::int64_t i = 0; i < problem->index; ++i) {
    live->session->apply_id(record->actions[static_cast<std::size_t>(i)].id);
  }
  live->session->resolve_chance();
  record->actions.clear();
  live->record = *record;
  GameStatus status = status_now(*live);
  RepairResult result;
  result.taken_back = problem->length - problem->index;
  const RepairFacts facts{record->rules_version, rules_version(record->game), result.taken_back};
  commit(*live, problem->index, status, "", 0, repair_notices(live->record, *game, status, facts));
  {
    std::lock_guard lock(cache_mutex_);
    cache_.erase(id);  // this process replays it from the store when asked for
  }
  after_change(*live);
  result.problem = std::move(*problem);
  result.status = live->record.state;
  return result;
}

}  // namespace pacwar::server
