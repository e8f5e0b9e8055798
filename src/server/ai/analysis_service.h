// Post-game analysis and hints on the server (issue 19, docs/analysis.md, docs/api.md).
//
// * Hints: a game created with "hints": true (table game_hints) lets its players ask the computer
//   player for its top three actions, their win probabilities and the line it expects, from their
//   own seat's view only (analysis::hint). Such games are never rated.
// * Analysis: a player of a finished game asks for the analysis of their seat's decisions; the
//   request queues a job (table analyses) that a background thread of the server's computer
//   player capacity claims with a lease (like the ai_jobs of ai_jobs.h: a dead worker's job is
//   claimed again when its lease ran out), analyses at a low priority (nice), writes its progress
//   every few decisions and stores the result. No request ever waits for a search of the
//   analysis; a hint is one search of a small budget, on the slow request pool.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.h"
#include "server/db/store.h"

namespace pacwar::server {

class AnalysisService {
 public:
  struct Options {
    int threads = 1;                   // analysis threads (0: none here; jobs wait for others)
    int nice = 10;                     // added to their nice value
    std::string player = "mcts:easy";  // the analysis searcher (analysis::AnalysisConfig)
    std::string hint_player = "mcts:easy";
    std::string worker = "embedded";  // name kept with a claimed job
    std::chrono::milliseconds lease{std::chrono::seconds(60)};
    std::chrono::milliseconds poll{std::chrono::seconds(2)};
  };
  // Creates its tables (SQLite and PostgreSQL alike) and starts the analysis threads.
  AnalysisService(Store& store, Options options);
  ~AnalysisService();
  AnalysisService(const AnalysisService&) = delete;
  AnalysisService& operator=(const AnalysisService&) = delete;

  void set_hints(const std::string& id, bool on);
  // Adds "hints": true|false to every game of a lobby answer ({"games":[...]}).
  void add_lobby_flags(engine::Json& lobby);

  // GET /api/games/ID/features: {"hints","rated"} for a player of the game.
  engine::Json features(const std::string& user, const std::string& id);
  // POST /api/games/ID/hint: the hint for the user's seat, whose turn it must be.
  engine::Json hint(const std::string& user, const std::string& id);
  // POST /api/games/ID/analysis: queues the analysis of the user's seat (finished games only);
  // GET: its state {"status":"none|queued|running|done|failed","done","total"[,"analysis"]}.
  engine::Json request_analysis(const std::string& user, const std::string& id);
  engine::Json analysis_status(const std::string& user, const std::string& id);

  // A job may be waiting.
  void wake();

  // The search seed of a hint in game `id` after `actions` actions: public facts only (never the
  // game's secret seed, which decides its future dice).
  static std::uint64_t hint_seed(const std::string& id, std::size_t actions);

 private:
  struct Job {
    std::string game_id;
    int seat = 0;
  };
  bool claim(Job& job);
  void run_job(const Job& job);
  void work();
  // The game and the user's seat in it; ApiError 404 / 403.
  GameRecord record_of(const std::string& id, const std::string& user, int& seat);

  Store& store_;
  Options options_;
  std::mutex mutex_;
  std::condition_variable wake_;
  int wakes_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace pacwar::server
