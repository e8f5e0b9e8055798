// GameService (games.h): the games it serves, the seat of a user, the status of a game and
// the commit of a change. Its other jobs have files of their own: live_games.cc (the cache of
// live games and the catch-up with other processes), seat_answers.cc, lobby.cc, moves.cc,
// replays.cc, computer_moves.cc, replay_checks.cc.
#include "server/play/games.h"

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

namespace pacwar::server {

using engine::Json;

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string iso_time(std::int64_t ms) {
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

const std::vector<std::string>& agent_levels() {
  // Never destroyed: threads still running when the process exits may read it.
  static const std::vector<std::string>& levels = *new const std::vector<std::string>{
      "random", "heuristic", "mcts:easy", "mcts:normal", "mcts:hard", "mcts:expert"};
  return levels;
}

std::int64_t GameService::now() const { return clock_ ? clock_() : now_ms(); }

std::vector<GameRules> registered_games() {
  std::vector<GameRules> games;
  for (const engine::GameModule& module : pacwar::game_modules()) {
    if (module.rules_version < 1) {
      throw std::logic_error("game " + module.name + " has no rules version (GameModule)");
    }
    auto game = pacwar::find_game(module.name);
    if (game) games.push_back({std::move(game), std::to_string(module.rules_version)});
  }
  return games;
}

GameService::GameService(Store& store, Notifier& notifier, std::vector<GameRules> games)
    : store_(store), notifier_(notifier) {
  for (GameRules& rules : games) {
    const std::string name = rules.game->name();
    if (rules.version.empty()) {
      throw std::invalid_argument("game " + name + " has no rules version");
    }
    names_.push_back(name);
    games_[name] = std::move(rules);
  }
}

std::shared_ptr<const engine::Game> GameService::game(const std::string& name) const {
  auto it = games_.find(name);
  return it == games_.end() ? nullptr : it->second.game;
}

std::string GameService::rules_version(const std::string& name) const {
  auto it = games_.find(name);
  return it == games_.end() ? "" : it->second.version;
}

int GameService::seat_of(const LiveGame& live, const std::string& user) const {
  for (std::size_t seat = 0; seat < live.record.seats.size(); ++seat) {
    if (live.record.seats[seat].username == user) return static_cast<int>(seat);
  }
  throw ApiError(403, "you are not a player of game " + live.record.id);
}

int GameService::viewer_seat(const LiveGame& live, const std::string& user) const {
  for (std::size_t seat = 0; seat < live.record.seats.size(); ++seat) {
    if (live.record.seats[seat].username == user) return static_cast<int>(seat);
  }
  if (may_watch_ && may_watch_(live.record.id)) return kSpectator;
  throw ApiError(403, "you are not a player of game " + live.record.id + " and it is not public");
}

GameStatus GameService::status_now(const LiveGame& live) const {
  GameStatus s = live.record.state;
  s.version = static_cast<std::int64_t>(live.session->history_ids().size());
  s.updated_ms = now();
  if (s.status == PlayStatus::kFinished) return s;  // resigned
  const engine::State& state = live.session->state();
  s.to_move = state.current_seat();
  if (state.is_terminal()) {
    s.status = PlayStatus::kFinished;
    s.winner = state.winner();
    if (s.winner < 0) s.winner = kNoWinner;
    return s;
  }
  s.status = PlayStatus::kActive;
  for (const SeatRecord& seat : live.record.seats) {
    if (seat.empty()) s.status = PlayStatus::kWaiting;
  }
  return s;
}

bool GameService::agent_to_move(const LiveGame& live) const {
  const int seat = live.record.state.to_move;
  return live.record.state.status == PlayStatus::kActive && seat >= 0 &&
         static_cast<std::size_t>(seat) < live.record.seats.size() &&
         !live.record.seats[static_cast<std::size_t>(seat)].agent.empty();
}

void GameService::after_change(const LiveGame& live) {
  notifier_.publish(live.record.id);
  if (!agent_queue_ || !agent_to_move(live)) return;
  if (live.job_taken) {
    agent_queue_->take(AiJob{live.record.id, live.record.revision, 1});
  } else {
    agent_queue_->wake();
  }
}

void GameService::commit(LiveGame& live, std::int64_t keep, GameStatus status,
                         const std::string& worker, std::int64_t think_ms,
                         std::vector<QueuedNotice> more_notices,
                         std::vector<AgentMoveAtOnce> moves_at_once) {
  GameChange change;
  change.keep = keep;
  change.status = std::move(status);
  change.worker = worker;
  change.think_ms = think_ms;
  change.moves_at_once = std::move(moves_at_once);
  change.before = live.record.state;
  change.job_before = agent_to_move(live);
  change.notices = change_notices(live.record, live.session->game(), change);
  for (QueuedNotice& notice : more_notices) change.notices.push_back(std::move(notice));
  {
    const int seat = change.status.to_move;
    change.agent_job = change.status.status == PlayStatus::kActive && seat >= 0 &&
                       static_cast<std::size_t>(seat) < live.record.seats.size() &&
                       !live.record.seats[static_cast<std::size_t>(seat)].agent.empty();
    if (change.agent_job && agent_queue_) {
      if (auto lease =
              agent_queue_->lease(live.record.seats[static_cast<std::size_t>(seat)].agent)) {
        change.job_worker = std::move(lease->worker);
        change.job_lease_until = lease->until_ms;
      }
    }
  }
  const auto& ids = live.session->history_ids();
  const auto& seats = live.session->history_seats();
  for (std::size_t i = static_cast<std::size_t>(keep); i < ids.size(); ++i) {
    change.append.push_back({ids[i], seats[i]});
  }
  std::optional<std::int64_t> revision;
  const std::uint64_t epoch = notice_epoch_ != nullptr ? notice_epoch_->now() : 0;
  try {
    revision = store_.change_game(live.record.id, live.record.revision, change);
  } catch (...) {
    // Nothing was written: put the game back as the store has it.
    if (auto record = store_.load_game(live.record.id)) reload(live, std::move(*record));
    throw;
  }
  if (!revision) {
    if (auto record = store_.load_game(live.record.id)) reload(live, std::move(*record));
    throw ChangedMeanwhile(409, "the game changed meanwhile; load it again",
                           {{"version", live.record.state.version}});
  }
  const bool finished_now = live.record.state.status != PlayStatus::kFinished &&
                            change.status.status == PlayStatus::kFinished;
  live.record.revision = *revision;
  live.record.state = change.status;
  // The guarded change saw the store at the revision before: this one is now the latest.
  note_revision(live, epoch, *revision);
  live.changed_by.clear();  // the person's requests (moves.cc) say it was theirs
  live.job_taken = change.agent_job && !change.job_worker.empty();
  if (finished_now && on_finish_) {
    try {
      on_finish_(live.record);  // the move is stored: a failure here must not undo it
    } catch (const std::exception& e) {
      std::fprintf(stderr, "pacwar serve: game %s finished, rating failed: %s\n",
                   live.record.id.c_str(), e.what());
    }
  }
}

}  // namespace pacwar::server
