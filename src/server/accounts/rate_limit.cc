#include "server/accounts/rate_limit.h"

namespace pacwar::server {

void RateLimiter::expire(std::deque<Clock::time_point>& times, Clock::time_point now) const {
  while (!times.empty() && now - times.front() >= window_) times.pop_front();
}

bool RateLimiter::attempt(const std::string& key, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  // Forget keys idle for a whole window, so the table stays as small as the recent traffic.
  if (attempts_.size() > 10000) {
    for (auto it = attempts_.begin(); it != attempts_.end();) {
      expire(it->second, now);
      it = it->second.empty() ? attempts_.erase(it) : std::next(it);
    }
  }
  auto& times = attempts_[key];
  expire(times, now);
  if (static_cast<int>(times.size()) >= max_) return false;
  times.push_back(now);
  return true;
}

int RateLimiter::retry_after(const std::string& key, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  auto it = attempts_.find(key);
  if (it == attempts_.end()) return 0;
  expire(it->second, now);
  if (static_cast<int>(it->second.size()) < max_) return 0;
  const auto wait = window_ - (now - it->second.front());
  return static_cast<int>(std::chrono::ceil<std::chrono::seconds>(wait).count());
}

}  // namespace pacwar::server
