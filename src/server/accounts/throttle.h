// Log-in throttling that an attacker cannot turn against the victim. Failed log-ins are counted
// per (username, client address) and per client address; after a few free failures each further
// one doubles the wait before that key may try again (1 s, 2 s, 4 s, ... up to a cap). A correct
// password from another address is not held up by failures from elsewhere, so guessing from
// one address cannot lock the owner out. A key's count is forgotten after a quiet period and a
// (username, address) key after a successful log-in. Kept in memory by each server process.
#pragma once

#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>

namespace pacwar::server {

struct ThrottleConfig {
  int free_failures_per_user_address = 5;
  int free_failures_per_address = 20;
  std::chrono::seconds first_delay{1};
  std::chrono::seconds max_delay{15 * 60};
  std::chrono::seconds forget_after{60 * 60};
};

class LoginThrottle {
 public:
  using Clock = std::chrono::steady_clock;
  explicit LoginThrottle(ThrottleConfig config) : config_(config) {}

  // Seconds `username` must wait before trying again from `address` (0: it may try now).
  int wait(const std::string& username, const std::string& address,
           Clock::time_point now = Clock::now());
  void failed(const std::string& username, const std::string& address,
              Clock::time_point now = Clock::now());
  void succeeded(const std::string& username, const std::string& address);

 private:
  struct Entry {
    int failures = 0;
    Clock::time_point last_failure;
    Clock::time_point blocked_until;
  };
  int wait_of(const std::string& key, Clock::time_point now);
  void fail(const std::string& key, int free_failures, Clock::time_point now);
  void prune(Clock::time_point now);

  ThrottleConfig config_;
  std::mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
};

}  // namespace pacwar::server
