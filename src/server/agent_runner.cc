#include "server/agent_runner.h"

#include <sys/resource.h>
#include <unistd.h>

#include <iostream>

namespace pacwar::server {

AgentRunner::AgentRunner(GameService& games, int threads, int nice) : games_(games), nice_(nice) {
  for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { think(); });
  threads_.emplace_back([this] { commit(); });
}

AgentRunner::~AgentRunner() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  ready_.notify_all();
  committed_.notify_all();
  for (std::thread& thread : threads_) thread.join();
}

void AgentRunner::enqueue(const std::string& id) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || !queued_.insert(id).second) return;
    queue_.push_back(id);
  }
  ready_.notify_one();
}

void AgentRunner::think() {
  // Linux: the nice value of this thread only. If lowering the priority fails, nothing else
  // changes.
  if (nice_ > 0) setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), nice_);
  while (true) {
    std::string id;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      id = std::move(queue_.front());
      queue_.pop_front();
      queued_.erase(id);
    }
    try {
      // One move at a time per turn of the queue, so that games share the threads fairly.
      if (auto move = games_.think_agent(id)) {
        {
          std::lock_guard lock(mutex_);
          moves_.emplace_back(id, *move);
        }
        committed_.notify_one();
      }
    } catch (const std::exception& e) {
      std::cerr << "pacwar serve: computer player in game " << id << ": " << e.what() << "\n";
    }
  }
}

void AgentRunner::commit() {
  while (true) {
    std::pair<std::string, GameService::AgentMove> move;
    {
      std::unique_lock lock(mutex_);
      committed_.wait(lock, [this] { return stopping_ || !moves_.empty(); });
      if (stopping_) return;
      move = std::move(moves_.front());
      moves_.pop_front();
    }
    try {
      if (games_.apply_agent(move.first, move.second)) enqueue(move.first);
    } catch (const std::exception& e) {
      std::cerr << "pacwar serve: computer player in game " << move.first << ": " << e.what()
                << "\n";
    }
  }
}

}  // namespace pacwar::server
