// Live updates across server processes through PostgreSQL: every committed change of a game sends
// NOTIFY on one channel with only {"game":ID,"version":N}, the revision the change made when the
// sender knows it, and "job":false when no worker need look for a computer player's turn
// (store.cc, once per commit, sent after that commit by the process's notifier:
// SqlConnection::notify_after_commit, so notices of two commits of one game by two processes may
// come in either order); each process LISTENs on one
// dedicated connection of its own. A notice wakes the event streams of that game in this process,
// and its revision tells the process whether the game in its memory is current without asking
// the store (GameService::noticed, NoticeEpoch); after the connection was lost and made again,
// every stream is woken once (a notice sent meanwhile was missed: each stream compares the game's
// revision with the one it last sent, so it catches up), and nothing kept before is trusted.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

namespace pacwar::server {

// The channel of game changes and its payload.
inline constexpr const char* kGamesChannel = "pacwar_games";
// What a notice says: the game, its version (the log's length; -1 for a chat message, 0 for a
// game deleted), the revision the change made when the sender knows it (-1: not known, so the
// receiver must read it from the store), and whether the change left a computer player's turn
// for any worker to claim (false when there is none, or when the job was written claimed by the
// sender's own worker: then no other worker need look).
struct GameNotice {
  std::string game;
  std::int64_t version = 0;
  std::int64_t revision = -1;
  bool job = true;
};
std::string game_notice(const GameNotice& notice);
std::string game_notice(const std::string& id, std::int64_t version);
// The notice in a payload; nullopt when it is not one. A payload without "revision" or "job"
// (another version of the server) reads as revision -1 and job true.
std::optional<GameNotice> parse_game_notice(std::string_view payload);
// The payload of the notice that log-in sessions were deleted (Store::session_user).
inline constexpr const char* kSessionsNotice = R"({"sessions":"deleted"})";
// The game id of a notice's payload; "" when it is not one.
std::string game_of_notice(std::string_view payload);

class PgListener {
 public:
  struct Callbacks {
    std::function<void(std::string_view payload)> notice;
    // The connection was made again after a loss (notices may have been missed).
    std::function<void()> reconnected;
    // The connection was found lost: until `reconnected`, notices may be missed.
    std::function<void()> lost;
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
