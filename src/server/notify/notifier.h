// Wakes the live-update streams (server-sent events) of a game when it changes in this process:
// each game has its own channel, and a change calls the wake functions subscribed to that game's
// channel only (not every open stream of the server). Changes made by other processes sharing
// the database come as PostgreSQL notices (pg_listener.h); on SQLite they are found by the
// streams' periodic checks (http::ServerOptions::stream_interval).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace pacwar::server {

class Notifier {
 public:
  // The wake functions of one game's streams.
  class Channel : public std::enable_shared_from_this<Channel> {
   public:
    // Unsubscribes when destroyed (or reset).
    class Subscription {
     public:
      Subscription() = default;
      Subscription(std::shared_ptr<Channel> channel, std::uint64_t key)
          : channel_(std::move(channel)), key_(key) {}
      Subscription(Subscription&& other) noexcept
          : channel_(std::move(other.channel_)), key_(other.key_) {}
      Subscription& operator=(Subscription&& other) noexcept {
        if (this != &other) {
          reset();
          channel_ = std::move(other.channel_);
          key_ = other.key_;
        }
        return *this;
      }
      Subscription(const Subscription&) = delete;
      Subscription& operator=(const Subscription&) = delete;
      ~Subscription() { reset(); }
      void reset() {
        if (channel_) channel_->unsubscribe(key_);
        channel_.reset();
      }

     private:
      std::shared_ptr<Channel> channel_;
      std::uint64_t key_ = 0;
    };

    // `wake` is called (from the thread that changed the game) after each change, and once at
    // shutdown; it must be quick and must not subscribe or unsubscribe.
    Subscription subscribe(std::function<void()> wake) {
      std::uint64_t key;
      bool stopped;
      {
        std::lock_guard lock(mutex_);
        key = ++last_key_;
        listeners_.emplace(key, wake);
        stopped = stopped_;
      }
      if (stopped) wake();
      return Subscription(shared_from_this(), key);
    }
    std::size_t listeners() {
      std::lock_guard lock(mutex_);
      return listeners_.size();
    }

   private:
    friend class Notifier;
    void unsubscribe(std::uint64_t key) {
      std::lock_guard lock(mutex_);
      listeners_.erase(key);
    }
    void wake(bool stop) {
      std::vector<std::function<void()>> wakes;
      {
        std::lock_guard lock(mutex_);
        stopped_ = stopped_ || stop;
        wakes.reserve(listeners_.size());
        for (const auto& [key, wake] : listeners_) wakes.push_back(wake);
      }
      for (const auto& wake : wakes) wake();
    }
    std::mutex mutex_;
    std::map<std::uint64_t, std::function<void()>> listeners_;
    std::uint64_t last_key_ = 0;
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

  // Every game may have changed (notices of other processes may have been missed).
  void publish_all() {
    std::vector<std::shared_ptr<Channel>> channels;
    {
      std::lock_guard lock(mutex_);
      for (auto& [id, weak] : channels_) {
        if (auto channel = weak.lock()) channels.push_back(std::move(channel));
      }
    }
    for (auto& channel : channels) channel->wake(false);
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
