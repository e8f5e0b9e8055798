#include "server/agent_runner.h"

#include <sys/resource.h>
#include <unistd.h>

#include <iostream>

namespace pacwar::server {

AgentRunner::AgentRunner(GameService& games, int threads, int nice) : games_(games), nice_(nice) {
  for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
}

AgentRunner::~AgentRunner() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  ready_.notify_all();
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

void AgentRunner::work() {
  // Linux: the nice value of this thread only. Requests (other threads) then go first when the
  // cores are busy; failing to lower one's priority changes nothing else.
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
      if (games_.play_agent(id)) enqueue(id);
    } catch (const std::exception& e) {
      std::cerr << "pacwar serve: computer player in game " << id << ": " << e.what() << "\n";
    }
  }
}

}  // namespace pacwar::server
