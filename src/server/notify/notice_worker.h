// The background worker of notifications and clocks, run by every `pacwar serve` (and `pacwar
// worker`) process: one thread sends the queued notices (notice_queue.h) through webhooks (a JSON
// POST with "content" and "text", the format Discord's and Slack's incoming webhooks accept) and
// e-mail (SMTP through libcurl, --smtp-url and --mail-from), retrying a failure with a growing
// wait; another finds the clocks (clocks.h) whose reminder is due or whose time ran out. A
// request or a move never waits for either: they only write rows in their own transaction.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.h"
#include "server/play/games.h"
#include "server/notify/notice_queue.h"
#include "server/db/store.h"
#include "server/notify/webhook_address.h"

namespace pacwar::server {

struct NoticeOptions {
  std::string name = "notices";  // the worker's name in the leases
  std::string smtp_url;          // smtp://host:port or smtps://...; empty: no e-mail is sent
  std::string mail_from = "pacwar@localhost";
  std::string base_url = "http://localhost:8080";  // links to games: base_url + "/#/game/ID"
  std::map<std::string, std::string> titles;       // game name -> title for the messages
  std::chrono::milliseconds poll{500};             // the queue is checked this often
  std::chrono::milliseconds clock_poll{1000};      // the clocks are checked this often
  std::chrono::milliseconds lease{60'000};         // a claimed notice is free again after this
  std::chrono::milliseconds retry{30'000};  // first wait after a failure; doubles, up to 1 hour
  int max_attempts = 8;                     // then the notice is given up ("failed")
  // Threads that send at once. One destination (a webhook URL, an e-mail address) gets one
  // notice at a time, and none while it backs off after a failure, so that a slow or dead
  // endpoint holds up only its own notices.
  int senders = 4;
  std::chrono::milliseconds timeout{10'000};  // one webhook POST or SMTP session
  // Webhooks go to public addresses only, except the hosts the operator allows
  // (webhook_address.h); `resolve` looks a host up (empty: getaddrinfo; tests inject one).
  WebhookPolicy webhook_policy;
  Resolver resolve;
  std::function<std::int64_t()> clock;  // the time source (tests inject one)
  // With the hourly purge of old notices, finished games unchanged for this long are deleted
  // (Store::delete_finished_games); 0: kept for ever.
  std::chrono::milliseconds keep_finished{0};
  // For the metrics (metrics.h): a database error ended a step of the sender or the clocks.
  std::function<void()> on_db_error;
};

class NoticeWorker {
 public:
  NoticeWorker(GameService& games, Store& store, NoticeOptions options);
  ~NoticeWorker();
  NoticeWorker(const NoticeWorker&) = delete;
  NoticeWorker& operator=(const NoticeWorker&) = delete;

  // Looks at the queue at once (a change was just committed).
  void wake();
  // Notices sent and failed attempts so far (for logs and tests).
  int sent() const { return sent_; }
  int failures() const { return failures_; }

 private:
  std::int64_t now() const;
  void send_loop();
  void clock_loop();
  // One notice: "" when delivered, else the reason; `permanent` when retrying is pointless.
  std::string deliver(const ClaimedNotice& notice, bool& permanent);
  // Where the notice goes ("webhook URL", "email ADDRESS"); "" when the user removed it.
  std::string destination(const ClaimedNotice& notice);
  // Takes the destination for one sending: 0 when taken, else the time to try again.
  std::int64_t take_destination(const std::string& key, std::int64_t now_ms);
  void release_destination(const std::string& key, bool delivered, bool permanent,
                           std::int64_t now_ms);
  std::string post_webhook(const std::string& url, const std::string& text, bool& permanent);
  std::string send_mail(const std::string& to, const std::string& subject, const std::string& text,
                        bool& permanent);
  void check_clocks();

  GameService& games_;
  Store& store_;
  NoticeOptions options_;
  std::atomic<bool> stop_{false};
  std::atomic<int> sent_{0};
  std::atomic<int> failures_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool woken_ = false;
  struct Destination {
    bool busy = false;            // a notice is on its way there
    int failures = 0;             // failed sendings in a row
    std::int64_t not_before = 0;  // backing off until then
  };
  std::mutex destinations_mutex_;
  std::map<std::string, Destination> destinations_;
  std::vector<std::thread> senders_;
  std::thread clocks_;
};

}  // namespace pacwar::server
