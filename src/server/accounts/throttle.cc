#include "server/accounts/throttle.h"

#include <algorithm>

namespace pacwar::server {
namespace {

std::string pair_key(const std::string& username, const std::string& address) {
  return "u:" + username + '\n' + address;
}
std::string address_key(const std::string& address) { return "a:" + address; }

}  // namespace

int LoginThrottle::wait_of(const std::string& key, Clock::time_point now) {
  auto it = entries_.find(key);
  if (it == entries_.end() || it->second.blocked_until <= now) return 0;
  const auto left = std::chrono::ceil<std::chrono::seconds>(it->second.blocked_until - now);
  return static_cast<int>(std::max<std::chrono::seconds::rep>(1, left.count()));
}

void LoginThrottle::fail(const std::string& key, int free_failures, Clock::time_point now) {
  Entry& e = entries_[key];
  if (e.failures > 0 && now - e.last_failure >= config_.forget_after) e = Entry{};
  ++e.failures;
  e.last_failure = now;
  const int over = e.failures - free_failures;
  if (over <= 0) return;
  auto delay = config_.first_delay;
  for (int i = 1; i < over && delay < config_.max_delay; ++i) delay *= 2;
  e.blocked_until = now + std::min(delay, config_.max_delay);
}

void LoginThrottle::prune(Clock::time_point now) {
  if (entries_.size() < 100000) return;
  for (auto it = entries_.begin(); it != entries_.end();) {
    const bool quiet =
        now - it->second.last_failure >= config_.forget_after && it->second.blocked_until <= now;
    it = quiet ? entries_.erase(it) : std::next(it);
  }
}

int LoginThrottle::wait(const std::string& username, const std::string& address,
                        Clock::time_point now) {
  std::lock_guard lock(mutex_);
  return std::max(wait_of(pair_key(username, address), now), wait_of(address_key(address), now));
}

void LoginThrottle::failed(const std::string& username, const std::string& address,
                           Clock::time_point now) {
  std::lock_guard lock(mutex_);
  prune(now);
  fail(pair_key(username, address), config_.free_failures_per_user_address, now);
  fail(address_key(address), config_.free_failures_per_address, now);
}

void LoginThrottle::succeeded(const std::string& username, const std::string& address) {
  std::lock_guard lock(mutex_);
  entries_.erase(pair_key(username, address));
}

}  // namespace pacwar::server
