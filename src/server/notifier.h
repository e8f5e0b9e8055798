// Wakes the live-update streams (server-sent events) of a game when it changes in this process:
// each game has its own channel, so a change wakes only the streams of that game (not every open
// stream of the server). Changes made by other processes sharing the database are found by the
// streams' polling.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace pacwar::server {

class Notifier {
 public:
  // What the streams of one game wait on; held by each open stream of the game.
  class Channel {
   public:
    std::uint64_t sequence() {
      std::lock_guard lock(mutex_);
      return sequence_;
    }
    // Waits until the game changed after `seen`, the timeout passed or the notifier stopped.
    void wait(std::uint64_t seen, std::chrono::milliseconds timeout) {
      std::unique_lock lock(mutex_);
      changed_.wait_for(lock, timeout, [&] { return sequence_ != seen || stopped_; });
    }

   private:
    friend class Notifier;
    void wake(bool stop) {
      {
        std::lock_guard lock(mutex_);
        ++sequence_;
        stopped_ = stopped_ || stop;
      }
      changed_.notify_all();
    }
    std::mutex mutex_;
    std::condition_variable changed_;
    std::uint64_t sequence_ = 0;
    bool stopped_ = false;
  };

  // The channel of game `id` (the same one while any stream holds it).
  std::shared_ptr<Channel> channel(const std::string& id) {
    std::lock_guard lock(mutex_);
    std::weak_ptr<Channel>& slot = channels_[id];
    auto channel = slot.lock();
    if (!channel) {
      channel = std::make_shared<Channel>();
      if (stopped_) channel->wake(true);
      slot = channel;
    }
    return channel;
  }

  // Game `id` changed.
  void publish(const std::string& id) {
    std::shared_ptr<Channel> channel;
    {
      std::lock_guard lock(mutex_);
      auto it = channels_.find(id);
      if (it == channels_.end()) return;
      channel = it->second.lock();
      if (!channel) {
        channels_.erase(it);  // no stream listens any more
        return;
      }
    }
    channel->wake(false);
  }

  void shutdown() {
    std::unordered_map<std::string, std::weak_ptr<Channel>> channels;
    {
      std::lock_guard lock(mutex_);
      stopped_ = true;
      channels = channels_;
    }
    for (auto& [id, weak] : channels) {
      if (auto channel = weak.lock()) channel->wake(true);
    }
  }
  bool stopped() {
    std::lock_guard lock(mutex_);
    return stopped_;
  }

 private:
  std::mutex mutex_;
  std::unordered_map<std::string, std::weak_ptr<Channel>> channels_;
  bool stopped_ = false;
};

}  // namespace pacwar::server
