// The worker of computer players: it claims the jobs of computer players' turns from the store
// (ai_jobs.h), thinks and commits the moves. The same class runs embedded in `pacwar serve`
// (by default) and in `pacwar worker` processes (any number, on any machine, sharing one
// PostgreSQL database). Thinker threads claim and choose the moves at a lower priority (nice)
// than the request workers, so that a search that thinks for a second never slows the answers to
// the people playing; committer threads, at the normal priority, apply, store and announce each
// chosen move like a human's, in the revision-guarded transaction that also replaces or removes
// the job. There are several, so that the moves of different games are committed at the same
// time; on SQLite a committer does not wait for the WAL sync of its move (group commit,
// group_commit.h: the move is counted once the sync ends, and a person's later commit is synced
// after it, so nothing acted on it is lost), so one committer commits moves of many games
// between two syncs. Two moves of one game
// never both land (the revision guard), and a game has one job at a time. The thinkers never hold a
// game or a lock that a request waits for while they think. A job whose worker died is claimed
// again when its lease ran out; a live worker renews the leases of the jobs it thinks about (every
// third of the lease). One more thinker, the quick lane, claims only the jobs of the players
// without a time budget, so that a `random` game's move never waits behind `expert` searches.
// The jobs of those players that this process makes are written claimed by this worker and handed
// to the thinkers in memory (lease, take); the players that do not search move in the request that
// left them to move (plays_at_once; GameService::play_at_once).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "server/play/games.h"

namespace pacwar::server {

class AgentRunner final : public AgentQueue {
 public:
  struct Options {
    std::string name = "embedded";  // the worker's name in the store's ai_moves
    int threads = 4;                // thinker threads
    // Thinker threads of the quick lane: they claim only the jobs of quick_agents(), so that a
    // game against `random` or `mcts:easy` is not kept waiting while every other thinker is in
    // a search of seconds (`hard`, `expert`). They are woken only when no other thinker is idle
    // (and look for jobs every `poll`).
    int quick_threads = 1;
    int committers = 4;  // committer threads
    int nice = 10;       // added to the thinkers' nice value (0: the requests' priority)
    // A claimed job is claimed again by any worker when it was not done within the lease.
    std::chrono::milliseconds lease{std::chrono::seconds(30)};
    // The store is checked this often for jobs nobody announced (other processes on SQLite,
    // leases that ran out, a missed notice).
    std::chrono::milliseconds poll{500};
    // For the metrics (metrics.h), from the worker's threads: a move was chosen after thinking
    // `took`; a database error ended a step (the step is tried again, as for any error).
    std::function<void(std::chrono::steady_clock::duration took)> on_decision;
    std::function<void()> on_db_error;
  };
  AgentRunner(GameService& games, Store& store, Options options);
  ~AgentRunner() override;  // stops the threads (a move being thought about, or a job taken and
                            // not yet thought about, is abandoned: its lease runs out)
  AgentRunner(const AgentRunner&) = delete;
  AgentRunner& operator=(const AgentRunner&) = delete;

  // The computer players the server offers (agent_levels) that think for a bounded number of
  // iterations or not at all (no time budget): the quick lane's.
  static const std::vector<std::string>& quick_agents();

  // A job may be waiting (a game changed here, or a notice came from another process).
  void wake() override;
  // The jobs of quick_agents() are this worker's at once when it has thinkers: the transaction
  // that makes the computer's turn writes the job claimed by this worker (with the lease), and
  // take() hands it to a thinker, so no claim transaction of the thinker's own follows and the
  // store is not searched for it. Should this process die, the lease runs out and any worker
  // claims the job. The others (hard, expert) are queued for any worker, as before.
  std::optional<Lease> lease(const std::string& agent) override;
  void take(AiJob job) override;
  // `random` and `heuristic` (instant_agents()) when this worker has thinkers: a person's move
  // against them is answered with theirs, in one request (GameService::play_at_once).
  std::optional<std::string> plays_at_once(const std::string& agent) override;
  // The computer players the server offers that do not search.
  static const std::vector<std::string>& instant_agents();
  // Moves this worker committed.
  std::uint64_t moves();
  // When the worker's lease keeper last ran (every third of the lease, at least every 10 s): the
  // worker's threads are alive while this stays recent (/healthz).
  std::chrono::steady_clock::time_point heartbeat() const { return heartbeat_.load(); }
  // How often heartbeat() is renewed.
  std::chrono::milliseconds heartbeat_every() const;

 private:
  struct Chosen {
    AiJob job;
    GameService::AgentMove move;
  };
  void think(bool polls, bool quick);
  void commit();
  // Extends the leases of the jobs being thought about, every third of the lease.
  void renew();
  // Claims and thinks about jobs until none is free (`quick`: only those of quick_agents()).
  void work(bool quick);
  void report(const std::exception& error);

  GameService& games_;
  Store& store_;
  Options options_;
  std::mutex mutex_;
  std::condition_variable ready_;        // jobs to claim, or stopping
  std::condition_variable committed_;    // moves to commit, or stopping
  int wakes_ = 0;                        // wake() calls not yet taken by a thinker
  std::condition_variable quick_ready_;  // the quick lane's: every other thinker was busy
  int quick_wakes_ = 0;                  // wake() calls not yet taken by the quick lane
  int idle_ = 0;                         // thinkers (not the quick lane's) waiting for a job
  std::deque<Chosen> moves_;
  std::deque<AiJob> taken_;                       // jobs take() handed over, not yet thought about
  std::map<std::string, std::int64_t> thinking_;  // game -> revision of the jobs claimed
  std::condition_variable stopped_;               // for renew()'s waits
  // Moves committed (and, on SQLite, synced: counted by the syncer, so shared with it).
  std::shared_ptr<std::atomic<std::uint64_t>> committed_moves_ =
      std::make_shared<std::atomic<std::uint64_t>>(0);
  bool stopping_ = false;
  std::atomic<std::chrono::steady_clock::time_point> heartbeat_{std::chrono::steady_clock::now()};
  std::vector<std::thread> threads_;
};

}  // namespace pacwar::server
