// Log-in attempts rate limit: at most N attempts per key (a username, an address) in a sliding
// window. Kept in memory by each server process.
#pragma once

#include <chrono>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

namespace pacwar::server {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  RateLimiter(int max_attempts, Clock::duration window) : max_(max_attempts), window_(window) {}

  // Records an attempt for `key` and returns true when it is allowed; false (nothing recorded)
  // when `key` already made its maximum of attempts in the window.
  bool attempt(const std::string& key, Clock::time_point now = Clock::now());
  // Seconds until `key` may try again (0 when it may now).
  int retry_after(const std::string& key, Clock::time_point now = Clock::now());

 private:
  void expire(std::deque<Clock::time_point>& times, Clock::time_point now) const;

  int max_;
  Clock::duration window_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::deque<Clock::time_point>> attempts_;
};

}  // namespace pacwar::server
