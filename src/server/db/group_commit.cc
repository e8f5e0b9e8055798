#include "server/db/group_commit.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include "server/db/db.h"
#include "server/thread_name.h"

namespace pacwar::server {
namespace {

std::string errno_text() { return std::strerror(errno); }

// The directory entry of a new file is durable only once its directory is synced.
void sync_directory_of(const std::string& file) {
  std::filesystem::path dir = std::filesystem::path(file).parent_path();
  if (dir.empty()) dir = ".";
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

thread_local DeferScope* current_scope = nullptr;

}  // namespace

GroupCommit::GroupCommit(std::string wal_file)
    : wal_file_(std::move(wal_file)), syncer_([this] {
        name_this_thread("db-sync");
        run();
      }) {}

GroupCommit::~GroupCommit() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wanted_.notify_all();
  syncer_.join();
  if (fd_ >= 0) ::close(fd_);
}

std::uint64_t GroupCommit::written() {
  std::lock_guard lock(mutex_);
  return ++written_;
}

void GroupCommit::sync_file() {
  if (fd_ < 0) {
    fd_ = ::open(wal_file_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw DbError("cannot open the SQLite WAL '" + wal_file_ + "': " + errno_text());
    sync_directory_of(wal_file_);
  }
  if (::fdatasync(fd_) != 0)
    throw DbError("cannot sync the SQLite WAL '" + wal_file_ + "': " + errno_text());
}

void GroupCommit::run() {
  std::unique_lock lock(mutex_);
  while (true) {
    // Work: commits no sync covered yet, which a thread or a deferred answer waits for.
    wanted_.wait(lock, [this] {
      const bool uncovered = written_ > std::max(durable_, failed_upto_);
      return (uncovered && (waiting_ > 0 || !deferred_.empty())) || stopping_;
    });
    if (stopping_ && written_ <= std::max(durable_, failed_upto_) && deferred_.empty()) return;
    const std::uint64_t target = written_;
    lock.unlock();
    std::string error;
    try {
      sync_file();
    } catch (const DbError& e) {
      error = e.what();
    }
    lock.lock();
    if (error.empty()) {
      durable_ = std::max(durable_, target);
      ++syncs_;
    } else {
      failed_upto_ = std::max(failed_upto_, target);
      error_ = error;
    }
    std::vector<std::pair<bool, std::function<void(bool)>>> ready;
    for (auto it = deferred_.begin(); it != deferred_.end() && it->first <= target;) {
      ready.emplace_back(error.empty() && it->first <= durable_, std::move(it->second));
      it = deferred_.erase(it);
    }
    synced_.notify_all();
    lock.unlock();
    for (auto& [ok, done] : ready) done(ok);
    lock.lock();
  }
}

void GroupCommit::wait_durable(std::uint64_t ticket) {
  std::unique_lock lock(mutex_);
  ++waiting_;
  wanted_.notify_one();
  synced_.wait(lock, [&] { return durable_ >= ticket || failed_upto_ >= ticket; });
  --waiting_;
  if (durable_ < ticket) throw DbError(error_);
}

void GroupCommit::when_durable(std::uint64_t ticket, std::function<void(bool)> done) {
  bool synced = false;
  {
    std::lock_guard lock(mutex_);
    if (durable_ < ticket && failed_upto_ < ticket) {
      deferred_.emplace(ticket, std::move(done));
      wanted_.notify_one();
      return;
    }
    synced = durable_ >= ticket;  // read under the lock: the syncer writes it
  }
  done(synced);
}

std::uint64_t GroupCommit::commits() const {
  std::lock_guard lock(mutex_);
  return written_;
}

std::uint64_t GroupCommit::syncs() const {
  std::lock_guard lock(mutex_);
  return syncs_;
}

DeferScope::DeferScope() { current_scope = this; }

DeferScope::~DeferScope() {
  current_scope = nullptr;
  if (!group_) return;
  try {
    group_->wait_durable(ticket_);
  } catch (const DbError& e) {
    std::fprintf(stderr, "pacwar serve: %s\n", e.what());
  }
}

DeferScope* DeferScope::current() { return current_scope; }

void DeferScope::note(std::shared_ptr<GroupCommit> group, std::uint64_t ticket) {
  // One database per process: the later ticket covers the earlier ones.
  if (group_ && group_ != group) {
    group_->wait_durable(ticket_);
    ticket_ = 0;
  }
  group_ = std::move(group);
  ticket_ = std::max(ticket_, ticket);
}

std::function<void(std::function<void(bool)>)> DeferScope::take() {
  std::shared_ptr<GroupCommit> group = std::move(group_);
  group_.reset();
  return [group = std::move(group), ticket = ticket_](std::function<void(bool)> done) {
    group->when_durable(ticket, std::move(done));
  };
}

}  // namespace pacwar::server
