// Live updates across server processes through PostgreSQL: every committed change of a game sends
// NOTIFY on one channel with only {"game":ID,"version":N} (store.cc, inside the committing
// transaction, once per commit), and each process LISTENs on one dedicated connection of its own.
// A notice wakes the event streams of that game in this process; after the connection was lost
// and made again, every stream is woken once (a notice sent meanwhile was missed: each stream
// compares the game's revision with the one it last sent, so it catches up).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <thread>

namespace pacwar::server {

// The channel of game changes and its payload.
inline constexpr const char* kGamesChannel = "pacwar_games";
std::string game_notice(const std::string& id, std::int64_t version);
// The game id of a notice's payload; "" when it is not one.
std::string game_of_notice(std::string_view payload);

class PgListener {
 public:
  struct Callbacks {
    std::function<void(std::string_view payload)> notice;
    // The connection was made again after a loss (notices may have been missed).
    std::function<void()> reconnected;
  };
  // Connects to `url` (throws DbError when it cannot the first time), LISTENs on `channel` and
  // calls the callbacks from its own thread until destroyed.
  PgListener(std::string url, std::string channel, Callbacks callbacks);
  ~PgListener();
  PgListener(const PgListener&) = delete;
  PgListener& operator=(const PgListener&) = delete;

  // Notices received so far (for tests and the load figures).
  std::uint64_t notices() const { return notices_.load(); }

 private:
  void run(void* first_connection);

  std::string url_;
  std::string channel_;
  Callbacks callbacks_;
  int stop_fd_ = -1;  // an eventfd: written to stop the thread
  std::atomic<std::uint64_t> notices_{0};
  std::thread thread_;
};

}  // namespace pacwar::server
