#include "server/ai/analysis_service.h"

#include <sys/resource.h>
#include <unistd.h>

#include <iostream>

#include "analysis/analysis.h"
#include "engine/errors.h"
#include "engine/rng.h"
#include "engine/session.h"
#include "games/registry.h"
#include "server/db/migrations.h"
#include "server/http/api_error.h"
#include "server/http/json_http.h"
#include "server/play/games.h"
#include "server/thread_name.h"

namespace pacwar::server {
namespace {

using engine::Json;

}  // namespace

// Schema version 1 (migrations.cc): never changed; a change to these tables is a new migration.
const std::vector<std::string>& analysis_schema_v1() {
  static const std::vector<std::string> statements = {
      // Games created with hints on (absent: off).
      "CREATE TABLE IF NOT EXISTS game_hints (game_id TEXT PRIMARY KEY REFERENCES games(id), "
      "hints INTEGER NOT NULL)",
      // One analysis per game and seat: queued, running (leased to a worker), done or failed.
      "CREATE TABLE IF NOT EXISTS analyses (game_id TEXT NOT NULL REFERENCES games(id), "
      "seat INTEGER NOT NULL, status TEXT NOT NULL, done INTEGER NOT NULL, "
      "total INTEGER NOT NULL, player TEXT NOT NULL, result TEXT, error TEXT, "
      "requested BIGINT NOT NULL, updated BIGINT NOT NULL, lease_until BIGINT NOT NULL, "
      "worker TEXT, PRIMARY KEY (game_id, seat))",
  };
  return statements;
}

namespace {

constexpr int kProgressEvery = 5;  // decisions between progress writes

// A seed that depends only on public facts (the game's id and how far it is), never on the
// game's secret seed, so that nothing of it can be read back from a hint.
std::uint64_t public_seed(const std::string& id, std::uint64_t salt) {
  std::uint64_t hash = 1469598103934665603ULL;
  for (const unsigned char c : id) hash = (hash ^ c) * 1099511628211ULL;
  return engine::splitmix64(hash ^ engine::splitmix64(salt));
}

std::unique_ptr<engine::Session> replay(const GameRecord& record) {
  auto game = find_game(record.game);
  if (!game) throw ApiError(500, "unknown game '" + record.game + "'");
  auto session = std::make_unique<engine::Session>(game, record.options, record.seed);
  for (const ActionRecord& action : record.actions) session->apply_id(action.id);
  return session;
}

Json save_of(const GameRecord& record) { return replay(record)->save(); }

}  // namespace

AnalysisService::AnalysisService(Store& store, Options options)
    : store_(store), options_(std::move(options)) {
  migrate(store_.database());
  for (int t = 0; t < options_.threads; ++t)
    threads_.emplace_back([this] {
      name_this_thread("analysis");
      work();
    });
}

AnalysisService::~AnalysisService() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& thread : threads_) thread.join();
}

void AnalysisService::set_hints(const std::string& id, bool on) {
  auto c = store_.database().acquire();
  Transaction transaction(*c);
  c->execute("DELETE FROM game_hints WHERE game_id = ?", {id});
  if (on) c->execute("INSERT INTO game_hints (game_id, hints) VALUES (?, 1)", {id});
  transaction.commit();
}

void AnalysisService::add_lobby_flags(Json& lobby) {
  if (!lobby.contains("games") || lobby["games"].empty()) return;
  auto c = store_.database().acquire();
  for (Json& entry : lobby["games"]) {
    const auto rows = c->query("SELECT hints FROM game_hints WHERE game_id = ?",
                               {entry["id"].get<std::string>()});
    entry["hints"] = !rows.empty() && sql_number(rows[0][0]) != 0;
  }
}

GameRecord AnalysisService::record_of(const std::string& id, const std::string& user, int& seat) {
  auto record = store_.load_game(id);
  if (!record) throw ApiError(404, "no game '" + id + "'");
  seat = -1;
  for (std::size_t s = 0; s < record->seats.size(); ++s) {
    if (!user.empty() && record->seats[s].username == user) seat = static_cast<int>(s);
  }
  if (seat < 0) throw ApiError(403, "you do not play in this game");
  return std::move(*record);
}

Json AnalysisService::features(const std::string& user, const std::string& id) {
  int seat = -1;
  record_of(id, user, seat);
  auto c = store_.database().acquire();
  const auto rows = c->query("SELECT hints FROM game_hints WHERE game_id = ?", {id});
  const bool hints = !rows.empty() && sql_number(rows[0][0]) != 0;
  return {{"hints", hints}, {"rated", false}};  // "rated" is the platform's (api_server.cc)
}

Json AnalysisService::hint(const std::string& user, const std::string& id) {
  int seat = -1;
  const GameRecord record = record_of(id, user, seat);
  if (!features(user, id)["hints"].get<bool>()) {
    throw ApiError(409, "this game was created without hints");
  }
  if (record.state.status != PlayStatus::kActive) {
    throw ApiError(409, "hints are for games in play; this one is " +
                            std::string(to_string(record.state.status)));
  }
  const auto session = replay(record);
  const engine::State& state = session->state();
  if (state.current_seat() != seat) throw ApiError(409, "it is not your turn");
  analysis::AnalysisConfig config;
  config.player = options_.hint_player;
  const ai::MctsConfig search = analysis::search_config(config);
  std::vector<std::string> names;
  for (int s = 0; s < session->game().num_seats(); ++s)
    names.push_back(session->game().seat_name(s));
  const analysis::Hint h = analysis::hint(
      state, search, record.game, names, hint_seed(id, session->history_ids().size()),
      analysis::kMainLineLength, analysis::WinCalibration::for_game(record.game));
  Json answer = analysis::to_json(h);
  answer["version"] = record.state.version;
  answer["player"] = options_.hint_player;
  return answer;
}

Json AnalysisService::request_analysis(const std::string& user, const std::string& id) {
  int seat = -1;
  const GameRecord record = record_of(id, user, seat);
  if (record.state.status != PlayStatus::kFinished) {
    throw ApiError(409, "analysis is for finished games; this one is " +
                            std::string(to_string(record.state.status)));
  }
  {
    auto c = store_.database().acquire();
    Transaction transaction(*c);
    const auto rows = c->query("SELECT status FROM analyses WHERE game_id = ? AND seat = ?",
                               {id, std::int64_t{seat}});
    const std::int64_t now = now_ms();
    if (rows.empty()) {
      c->execute(
          "INSERT INTO analyses (game_id, seat, status, done, total, player, requested, updated, "
          "lease_until) VALUES (?, ?, 'queued', 0, 0, ?, ?, ?, 0)",
          {id, std::int64_t{seat}, options_.player, now, now});
    } else if (rows[0][0].value_or("") == "failed") {
      c->execute(
          "UPDATE analyses SET status = 'queued', done = 0, error = NULL, lease_until = 0, "
          "updated = ? WHERE game_id = ? AND seat = ?",
          {now, id, std::int64_t{seat}});
    }
    transaction.commit();
  }
  wake();
  return analysis_status(user, id);
}

Json AnalysisService::analysis_status(const std::string& user, const std::string& id) {
  int seat = -1;
  const GameRecord record = record_of(id, user, seat);
  auto c = store_.database().acquire();
  const auto rows = c->query(
      "SELECT status, done, total, result, error FROM analyses WHERE game_id = ? AND seat = ?",
      {id, std::int64_t{seat}});
  Json answer = {{"seat", find_game(record.game)->seat_name(seat)}};
  if (rows.empty()) {
    answer["status"] = "none";
    return answer;
  }
  const SqlRow& row = rows[0];
  answer["status"] = row[0].value_or("");
  answer["done"] = sql_number(row[1]);
  answer["total"] = sql_number(row[2]);
  if (row[3]) answer["analysis"] = Json::parse(*row[3]);
  if (row[4]) answer["error"] = *row[4];
  return answer;
}

std::uint64_t AnalysisService::hint_seed(const std::string& id, std::size_t actions) {
  return public_seed(id, actions);
}

void AnalysisService::wake() {
  {
    std::lock_guard lock(mutex_);
    ++wakes_;
  }
  wake_.notify_one();
}

bool AnalysisService::claim(Job& job) {
  auto c = store_.database().acquire();
  Transaction transaction(*c);
  const std::int64_t now = now_ms();
  const auto rows = c->query(
      "SELECT game_id, seat FROM analyses WHERE status IN ('queued', 'running') AND "
      "lease_until < ? ORDER BY requested LIMIT 1",
      {now});
  if (rows.empty()) return false;
  job.game_id = rows[0][0].value_or("");
  job.seat = static_cast<int>(sql_number(rows[0][1]));
  const std::int64_t changed = c->execute(
      "UPDATE analyses SET status = 'running', lease_until = ?, worker = ?, updated = ? WHERE "
      "game_id = ? AND seat = ? AND lease_until < ?",
      {now + options_.lease.count(), options_.worker, now, job.game_id, std::int64_t{job.seat},
       now});
  transaction.commit();
  return changed == 1;
}

void AnalysisService::run_job(const Job& job) {
  const std::int64_t seat = job.seat;
  auto write = [&](const std::string& sql, std::vector<SqlValue> params) {
    auto c = store_.database().acquire();
    Transaction transaction(*c);
    const std::int64_t changed = c->execute(sql, params);
    transaction.commit();
    return changed == 1;
  };
  try {
    auto record = store_.load_game(job.game_id);
    if (!record) throw std::runtime_error("the game is gone");
    analysis::AnalysisConfig config;
    config.player = options_.player;
    config.seed = public_seed(job.game_id, static_cast<std::uint64_t>(job.seat) + 1);
    const Json result =
        analysis::analyse_game(save_of(*record), job.seat, config, [&](int done, int total) {
          {
            std::lock_guard lock(mutex_);
            if (stopping_) return false;
          }
          if (done % kProgressEvery != 0 && done != total) return true;
          // Progress, and the lease renewed; false when the job is no longer ours.
          return write(
              "UPDATE analyses SET done = ?, total = ?, lease_until = ?, updated = ? WHERE "
              "game_id = ? AND seat = ? AND worker = ? AND status = 'running'",
              {std::int64_t{done}, std::int64_t{total}, now_ms() + options_.lease.count(), now_ms(),
               job.game_id, seat, options_.worker});
        });
    if (result.is_null()) return;  // stopped: the lease runs out and the job is claimed again
    write(
        "UPDATE analyses SET status = 'done', result = ?, updated = ? WHERE game_id = ? AND "
        "seat = ? AND worker = ?",
        {result.dump(), now_ms(), job.game_id, seat, options_.worker});
  } catch (const std::exception& e) {
    std::cerr << "pacwar serve: analysis of " << job.game_id << " seat " << job.seat << ": "
              << e.what() << "\n";
    write(
        "UPDATE analyses SET status = 'failed', error = ?, updated = ? WHERE game_id = ? AND "
        "seat = ?",
        {std::string(e.what()), now_ms(), job.game_id, seat});
  }
}

void AnalysisService::work() {
  // Linux: the nice value of this thread only (the requests keep their priority).
  if (options_.nice > 0) setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), options_.nice);
  while (true) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, options_.poll, [this] { return stopping_ || wakes_ > 0; });
      if (stopping_) return;
      if (wakes_ > 0) --wakes_;
    }
    try {
      Job job;
      while (claim(job)) {
        run_job(job);
        std::lock_guard lock(mutex_);
        if (stopping_) return;
      }
    } catch (const std::exception& e) {
      std::cerr << "pacwar serve: analysis worker: " << e.what() << "\n";
    }
  }
}

}  // namespace pacwar::server
