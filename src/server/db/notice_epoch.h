// Whether the change notices of a LISTEN connection (pg_listener.h) can stand in for a read of the
// store: an epoch that moves on whenever that connection is lost or made again, odd while it
// lasts. A value read from the store or from a notice is kept with the epoch it was read in, and
// trusted only while the epoch is the same and odd: then every later change of it comes as a
// notice. Without a LISTEN connection (SQLite) the epoch stays 0 and nothing is trusted.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>

namespace pacwar::server {

class NoticeEpoch {
 public:
  // The connection LISTENs (first, or again after a loss: the notices sent meanwhile were missed).
  void resumed() {
    std::lock_guard lock(mutex_);
    const std::uint64_t e = epoch_.load();
    epoch_.store(listening(e) ? e + 2 : e + 1);
  }
  // The connection was lost: notices may be missed until resumed().
  void lost() {
    std::lock_guard lock(mutex_);
    const std::uint64_t e = epoch_.load();
    if (listening(e)) epoch_.store(e + 1);
  }
  std::uint64_t now() const { return epoch_.load(); }
  static bool listening(std::uint64_t epoch) { return epoch % 2 == 1; }

 private:
  std::mutex mutex_;
  std::atomic<std::uint64_t> epoch_{0};
};

}  // namespace pacwar::server
