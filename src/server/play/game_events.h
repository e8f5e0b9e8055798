// A game's live updates (GET /api/games/{id}/events, server-sent events), and the slots that
// cap the live game pages each user may have open at once.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/http/message.h"
#include "server/notify/notifier.h"
#include "server/play/games.h"

namespace pacwar::server {

// Live game pages (event streams) open per user: a slot is held while a stream is open.
class StreamSlots {
 public:
  // `most`: the most open at once per user (0: no limit).
  explicit StreamSlots(int most) : most_(most) {}
  // A slot of `user`'s, released when the token goes; nullptr when the user has the most open.
  std::shared_ptr<void> take(const std::string& user);
  // Live game pages open now, every user's.
  std::int64_t open() const;
  int most() const { return most_; }

 private:
  struct Counts {
    mutable std::mutex mutex;
    std::unordered_map<std::string, int> open;
  };
  int most_;
  std::shared_ptr<Counts> counts_ = std::make_shared<Counts>();
};

// The live updates of one game for one user: an event when the game's revision (or its chat)
// changed since the last one sent, else a heartbeat comment now and then. Woken by the game's
// notifier channel (changes made here) and every poll interval (other processes). A stream
// opened with `log_since` (the seat's log lines the client holds) also carries the seat's state:
// a `state` event before the `update` of each change the user did not make themself
// (GameService::summary with a StreamLog; docs/api.md).
class GameEvents final : public http::Stream {
 public:
  struct Sources {
    GameService& games;
    Notifier& notifier;
    std::function<std::int64_t(const std::string&)> chat_count;  // messages in a game's chat
    std::chrono::milliseconds heartbeat;
  };
  // `log_since`: the stream carries the state (see above); `turns_only`: only the states of
  // the user's turn and of the game's end.
  GameEvents(Sources sources, std::string user, std::string id, std::shared_ptr<void> slot,
             std::optional<std::int64_t> log_since = std::nullopt, bool turns_only = false);
  void start(std::function<void()> wake) override;
  std::optional<std::string> next() override;
  void stop() override;

 private:
  Sources sources_;
  std::string user_;
  std::string id_;
  std::shared_ptr<Notifier::Channel> channel_;
  std::shared_ptr<void> slot_;
  Notifier::Channel::Subscription subscription_;
  std::optional<GameService::StreamLog> log_;  // when the stream carries the state
  std::int64_t sent_revision_ = -1;
  std::int64_t sent_chat_ = -1;
  std::chrono::steady_clock::time_point last_write_ = std::chrono::steady_clock::now();
};

}  // namespace pacwar::server
