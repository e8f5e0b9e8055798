// Computer players move in background threads, never in request threads: a queue of game ids
// where a computer player is to move. Thinker threads choose the moves at a lower priority (nice)
// than the request workers, so that a search that thinks for a second never slows the answers to
// the people playing; one committer thread, at the normal priority, applies, stores and
// announces each chosen move like a human's. The thinkers never hold a game, a database
// connection or a lock that a request waits for, so their lower priority cannot hold requests up.
#pragma once

#include <condition_variable>
#include <deque>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "server/games.h"

namespace pacwar::server {

class AgentRunner {
 public:
  // `nice`: added to the thinker threads' nice value (0: the same priority as the requests).
  AgentRunner(GameService& games, int threads, int nice = 10);
  ~AgentRunner();  // stops the threads (a move being thought about is abandoned)
  AgentRunner(const AgentRunner&) = delete;
  AgentRunner& operator=(const AgentRunner&) = delete;

  void enqueue(const std::string& id);

 private:
  void think();
  void commit();

  GameService& games_;
  int nice_;
  std::mutex mutex_;
  std::condition_variable ready_;      // games to think about, or stopping
  std::condition_variable committed_;  // moves to commit, or stopping
  std::deque<std::string> queue_;
  std::set<std::string> queued_;
  std::deque<std::pair<std::string, GameService::AgentMove>> moves_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace pacwar::server
