// Computer players move in background threads, never in request threads: a queue of game ids
// where a computer player is to move. Each move is persisted and announced like a human's.
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
  AgentRunner(GameService& games, int threads);
  ~AgentRunner();  // stops the threads (a move being thought about is abandoned)
  AgentRunner(const AgentRunner&) = delete;
  AgentRunner& operator=(const AgentRunner&) = delete;

  void enqueue(const std::string& id);

 private:
  void work();

  GameService& games_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::string> queue_;
  std::set<std::string> queued_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace pacwar::server
