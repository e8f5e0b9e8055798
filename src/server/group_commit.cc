#include "server/group_commit.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "server/db.h"

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

}  // namespace

GroupCommit::~GroupCommit() {
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

void GroupCommit::wait_durable(std::uint64_t ticket) {
  std::unique_lock lock(mutex_);
  while (durable_ < ticket) {
    if (syncing_) {
      synced_.wait(lock);
      continue;
    }
    // Lead a sync for every commit written so far.
    syncing_ = true;
    const std::uint64_t target = written_;
    lock.unlock();
    std::string error;
    try {
      sync_file();
    } catch (const DbError& e) {
      error = e.what();
    }
    lock.lock();
    syncing_ = false;
    if (error.empty()) {
      durable_ = std::max(durable_, target);
      ++syncs_;
    }
    synced_.notify_all();
    if (!error.empty()) throw DbError(error);
  }
}

std::uint64_t GroupCommit::commits() const {
  std::lock_guard lock(mutex_);
  return written_;
}

std::uint64_t GroupCommit::syncs() const {
  std::lock_guard lock(mutex_);
  return syncs_;
}

}  // namespace pacwar::server
