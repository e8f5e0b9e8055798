// Group commit for SQLite in WAL mode (issue 43): concurrent transactions share one fsync.
//
// The connections run with synchronous=NORMAL, so a COMMIT writes its frames to the WAL file
// without syncing it; then, before the request is answered, the committing thread waits here
// until an fdatasync of the WAL that began after its commit has ended. Whoever finds no sync
// running starts one for every commit written so far; the others wait for it, so N requests
// committing at once pay one fsync instead of N in a row. An acknowledged commit is therefore
// on disk, as with synchronous=FULL: it survives a killed process and an operating-system crash.
// (fsync acts on the file, not the descriptor, so this descriptor's sync covers the frames every
// connection of the process wrote. SQLite itself syncs the WAL before each checkpoint and the
// database after it in NORMAL mode.)
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>

namespace pacwar::server {

class GroupCommit {
 public:
  explicit GroupCommit(std::string wal_file) : wal_file_(std::move(wal_file)) {}
  GroupCommit(const GroupCommit&) = delete;
  GroupCommit& operator=(const GroupCommit&) = delete;
  ~GroupCommit();

  // A transaction's commit has been written to the WAL: its ticket.
  std::uint64_t written();
  // Returns once a sync that began after commit `ticket` was written has ended. Throws DbError
  // when the WAL cannot be synced (the commit is then not known to be durable).
  void wait_durable(std::uint64_t ticket);

  // Commits written, and syncs done, so far (for the load tool's fsyncs per action).
  std::uint64_t commits() const;
  std::uint64_t syncs() const;

 private:
  void sync_file();  // outside the mutex; only the leader calls it

  std::string wal_file_;
  int fd_ = -1;  // the WAL, opened at the first sync (SQLite creates it)
  mutable std::mutex mutex_;
  std::condition_variable synced_;
  std::uint64_t written_ = 0;
  std::uint64_t durable_ = 0;
  std::uint64_t syncs_ = 0;
  bool syncing_ = false;
};

}  // namespace pacwar::server
