// GameService's live games: each a Session rebuilt from its stored actions and kept in memory,
// caught up with the changes of other processes sharing the database, unloaded when idle.
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

std::size_t GameService::loaded_games() {
  std::lock_guard lock(cache_mutex_);
  return cache_.size();
}

std::size_t GameService::remembered_agents() {
  std::vector<std::shared_ptr<LiveGame>> games;
  {
    std::lock_guard lock(cache_mutex_);
    for (const auto& [id, live] : cache_) games.push_back(live);
  }
  std::size_t kept = 0;
  for (const auto& live : games) {
    std::lock_guard lock(live->mutex);
    for (const auto& [spec, agent] : live->agents) kept += agent != nullptr;
  }
  return kept;
}

void GameService::forget(const std::string& id) {
  {
    std::lock_guard lock(cache_mutex_);
    cache_.erase(id);
  }
  notifier_.publish(id);
}

std::unique_ptr<engine::Session> GameService::replay_session(const GameRecord& record) const {
  auto game = this->game(record.game);
  if (!game) throw std::runtime_error("game " + record.id + ": unknown game '" + record.game + "'");
  auto session = std::make_unique<engine::Session>(game, record.options, record.seed);
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    try {
      session->apply_id(record.actions[i].id);
    } catch (const engine::UsageError& e) {
      // The operator's log says what and where; the player is told the game waits for a repair.
      std::fprintf(stderr,
                   "pacwar: game %s (%s, rules %s; this server plays rules %s): stored action "
                   "%zu '%s' cannot be replayed: %s; `pacwar games repair` resumes it at its "
                   "last legal action (docs/deploy.md)\n",
                   record.id.c_str(), record.game.c_str(),
                   record.rules_version.empty() ? "unknown" : record.rules_version.c_str(),
                   rules_version(record.game).c_str(), i, record.actions[i].id.c_str(), e.what());
      throw ApiError(503,
                     "game " + record.id +
                         " cannot go on: a correction of the rules made one of its moves illegal. "
                         "The server's operator has been told and can resume it at its last "
                         "legal move; both players will be notified");
    }
  }
  return session;
}

void GameService::reload(LiveGame& live, GameRecord record) {
  live.session = replay_session(record);
  live.answers.clear();
  ++live.log_cuts;
  live.changed_by.clear();
  live.job_taken = false;
  record.actions.clear();
  record.actions.shrink_to_fit();
  live.record = std::move(record);
}

bool GameService::catch_up(LiveGame& live) {
  const std::vector<std::string>& ids = live.session->history_ids();
  const auto have = static_cast<std::int64_t>(ids.size());
  if (have == 0) return false;
  // From the last action this process has: it must still be there, unchanged.
  auto record = store_.load_game_from(live.record.id, have - 1);
  if (!record || record->actions.empty() || record->actions.front().id != ids.back() ||
      have - 1 + static_cast<std::int64_t>(record->actions.size()) != record->state.version) {
    return false;
  }
  try {
    for (std::size_t i = 1; i < record->actions.size(); ++i) {
      live.session->apply_id(record->actions[i].id);
    }
  } catch (const engine::UsageError&) {
    return false;  // the caller replays the whole stored log (and reports it if it fails)
  }
  record->actions.clear();
  live.record = std::move(*record);
  live.changed_by.clear();  // another process's change
  live.job_taken = false;
  return true;
}

void GameService::unload_idle(std::chrono::steady_clock::time_point now) {
  const auto every =
      std::min<std::chrono::steady_clock::duration>(unload_after_, std::chrono::minutes(1));
  if (now - last_unload_ < every) return;
  last_unload_ = now;
  for (auto it = cache_.begin(); it != cache_.end();) {
    // use_count 1: only the cache holds it (no request or computer player has it now).
    if (now - it->second->last_used >= unload_after_ && it->second.use_count() == 1) {
      it = cache_.erase(it);
    } else {
      ++it;
    }
  }
}

void GameService::noticed(const std::string& id, std::int64_t revision) {
  if (notice_epoch_ == nullptr) return;
  const std::uint64_t epoch = notice_epoch_->now();
  std::shared_ptr<LiveGame> live;
  {
    std::lock_guard lock(cache_mutex_);
    if (auto it = cache_.find(id); it != cache_.end()) live = it->second;
  }
  if (!live) return;  // not in memory: its next load reads the store
  if (revision < 0) {
    std::lock_guard lock(live->notice_mutex);
    live->noticed_revision = -1;
    return;
  }
  raise_noticed(*live, epoch, revision);
}

void GameService::raise_noticed(LiveGame& live, std::uint64_t epoch, std::int64_t revision) {
  std::lock_guard lock(live.notice_mutex);
  if (live.noticed_epoch == epoch) {
    live.noticed_revision = std::max(live.noticed_revision, revision);
  } else {
    live.noticed_epoch = epoch;
    live.noticed_revision = revision;
  }
}

void GameService::note_revision(LiveGame& live, std::uint64_t epoch, std::int64_t revision) const {
  if (notice_epoch_ == nullptr || !NoticeEpoch::listening(epoch) || notice_epoch_->now() != epoch)
    return;
  raise_noticed(live, epoch, revision);
}

bool GameService::noticed_current(LiveGame& live) const {
  if (notice_epoch_ == nullptr) return false;
  const std::uint64_t epoch = notice_epoch_->now();
  if (!NoticeEpoch::listening(epoch)) return false;
  std::lock_guard lock(live.notice_mutex);
  return live.noticed_epoch == epoch && live.noticed_revision == live.record.revision;
}

void GameService::check_with_store(LiveGame& live) {
  // The epoch before the read: a loss of the connection meanwhile leaves the game unvouched.
  const std::uint64_t epoch = notice_epoch_ != nullptr ? notice_epoch_->now() : 0;
  const std::string id = live.record.id;
  const auto revision = store_.game_revision(id);
  if (!revision) throw ApiError(404, "no game '" + id + "'");
  if (*revision != live.record.revision && !catch_up(live)) {
    auto record = store_.load_game(id);
    if (!record) throw ApiError(404, "no game '" + id + "'");
    reload(live, std::move(*record));
  }
  note_revision(live, epoch, live.record.revision);
}

GameService::Locked GameService::get(const std::string& id, Freshness freshness) {
  std::shared_ptr<LiveGame> live;
  {
    std::lock_guard lock(cache_mutex_);
    const auto now = std::chrono::steady_clock::now();
    unload_idle(now);
    if (auto it = cache_.find(id); it != cache_.end()) {
      live = it->second;
      live->last_used = now;
    }
  }
  if (!live) {
    auto record = store_.load_game(id);
    if (!record) throw ApiError(404, "no game '" + id + "'");
    auto fresh = std::make_shared<LiveGame>();
    reload(*fresh, std::move(*record));
    std::lock_guard lock(cache_mutex_);
    fresh->last_used = std::chrono::steady_clock::now();
    live = cache_.emplace(id, std::move(fresh)).first->second;
  }
  Locked locked{live, std::unique_lock(live->mutex)};
  // Another server process may have changed the game: the store's revision says, or the notices
  // vouch for the one in memory.
  locked.checked = freshness == Freshness::kChecked || !noticed_current(*live);
  if (locked.checked) check_with_store(*live);
  return locked;
}

}  // namespace pacwar::server
