// Whether the change notices of a LISTEN connection (pg_listener.h) can stand in for a read of the
// store: an epoch that moves on whenever that connection is lost or made again, odd while it
// lasts. A value read from the store or from a notice is kept with the epoch it was read in, and
// trusted only while the epoch is the same and odd: then every later change of it comes as a
// notice. Without a LISTEN connection (SQLite) the epoch stays 0 and nothing is trusted.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

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

// Values read from the store and kept while the notices say when they change (the chat counts,
// the log-in sessions): a value is answered only while `epoch` listens and is the one it was kept
// in; a value read while a drop came (or the connection was lost) is not kept. Without an epoch
// (SQLite) nothing is kept.
template <typename V>
class KeptValues {
 public:
  // Where a reader stood before it read the store (find), for keep().
  struct Ticket {
    std::uint64_t epoch = 0;
    std::uint64_t drops = 0;
  };
  void set_epoch(const NoticeEpoch* epoch) { epoch_ = epoch; }
  // The value kept for `key`, if any; `ticket` is then ready for keep().
  std::optional<V> find(const std::string& key, Ticket& ticket) {
    if (epoch_ == nullptr) return std::nullopt;
    std::lock_guard lock(mutex_);
    ticket = {epoch_->now(), drops_};
    if (kept_epoch_ != ticket.epoch) {
      values_.clear();
      kept_epoch_ = ticket.epoch;
    }
    if (!NoticeEpoch::listening(ticket.epoch)) return std::nullopt;
    auto it = values_.find(key);
    if (it == values_.end()) return std::nullopt;
    return it->second;
  }
  // Keeps `value`, read after find() gave `ticket`, unless a drop or a loss came meanwhile.
  void keep(const std::string& key, V value, const Ticket& ticket) {
    if (epoch_ == nullptr || !NoticeEpoch::listening(ticket.epoch)) return;
    std::lock_guard lock(mutex_);
    if (kept_epoch_ != ticket.epoch || drops_ != ticket.drops || epoch_->now() != ticket.epoch)
      return;
    constexpr std::size_t kMostKept = 100'000;
    if (values_.size() >= kMostKept) values_.clear();
    values_.insert_or_assign(key, std::move(value));
  }
  // A notice: `key`'s value changed (drop) or every value did (drop_all).
  void drop(const std::string& key) {
    std::lock_guard lock(mutex_);
    values_.erase(key);
    ++drops_;
  }
  void drop_all() {
    std::lock_guard lock(mutex_);
    values_.clear();
    ++drops_;
  }
  // A value the reader found no longer valid (expired): forgotten, no notice.
  void forget(const std::string& key) {
    std::lock_guard lock(mutex_);
    values_.erase(key);
  }

 private:
  const NoticeEpoch* epoch_ = nullptr;
  std::mutex mutex_;
  std::unordered_map<std::string, V> values_;
  std::uint64_t kept_epoch_ = 0;
  std::uint64_t drops_ = 0;
};

}  // namespace pacwar::server
