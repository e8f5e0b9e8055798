// Computer players move in background threads, never in request threads: a queue of game ids
// where a computer player is to move. Each move is persisted and announced like a human's. The
// threads run at a lower priority (nice) than the request workers, so that a search that thinks
// for a second never slows the answers to the people playing.
#pragma once

#include <condition_variable>
#include <deque>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/games.h"

namespace pacwar::server {

class AgentRunner {
 public:
  // `nice`: added to the threads' nice value (0: the same priority as the requests).
  AgentRunner(GameService& games, int threads, int nice = 10);
  ~AgentRunner();  // stops the threads (a move being thought about is abandoned)
  AgentRunner(const AgentRunner&) = delete;
  AgentRunner& operator=(const AgentRunner&) = delete;

  void enqueue(const std::string& id);

 private:
  void work();

  GameService& games_;
  int nice_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::string> queue_;
  std::set<std::string> queued_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace pacwar::server
