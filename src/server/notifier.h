// Wakes the live-update streams (server-sent events) when a game changes in this process.
// Changes made by other processes sharing the database are found by the streams' polling.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace pacwar::server {

class Notifier {
 public:
  // A game changed.
  void publish() {
    {
      std::lock_guard lock(mutex_);
      ++sequence_;
    }
    changed_.notify_all();
  }
  std::uint64_t sequence() {
    std::lock_guard lock(mutex_);
    return sequence_;
  }
  // Waits until something changed after `seen`, the timeout passed or shutdown() was called.
  void wait(std::uint64_t seen, std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, timeout, [&] { return sequence_ != seen || stopped_; });
  }
  void shutdown() {
    {
      std::lock_guard lock(mutex_);
      stopped_ = true;
    }
    changed_.notify_all();
  }
  bool stopped() {
    std::lock_guard lock(mutex_);
    return stopped_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::uint64_t sequence_ = 0;
  bool stopped_ = false;
};

}  // namespace pacwar::server
