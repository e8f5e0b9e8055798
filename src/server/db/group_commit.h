// Group commit for SQLite in WAL mode (issue 43): concurrent transactions share one fsync.
//
// The connections run with synchronous=NORMAL, so a COMMIT writes its frames to the WAL file
// without syncing it and takes a ticket (written()). One syncer thread fdatasyncs the WAL
// whenever commits are written that no sync has covered yet and someone waits for them; a sync
// covers every commit written before it began, so N requests committing at once pay one fsync
// instead of N in a row. An acknowledged commit is therefore on disk, as with synchronous=FULL:
// it survives a killed process and an operating-system crash. (fsync acts on the file, not the
// descriptor, so this descriptor's sync covers the frames every connection of the process wrote.
// SQLite itself syncs the WAL before each checkpoint and the database after it in NORMAL mode.)
//
// Two ways to wait: wait_durable() blocks the calling thread (the computer players' committer,
// background work); when_durable() hands a function to the syncer, which calls it once the sync
// that covers the ticket has ended. A request worker uses the second (through a DeferScope), so
// that it serves the next request while its answer waits for the disk.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace pacwar::server {

class GroupCommit {
 public:
  explicit GroupCommit(std::string wal_file);
  GroupCommit(const GroupCommit&) = delete;
  GroupCommit& operator=(const GroupCommit&) = delete;
  ~GroupCommit();  // syncs what is written and calls the functions still waiting

  // A transaction's commit has been written to the WAL: its ticket.
  std::uint64_t written();
  // Returns once a sync that began after commit `ticket` was written has ended. Throws DbError
  // when the WAL cannot be synced (the commit is then not known to be durable).
  void wait_durable(std::uint64_t ticket);
  // Calls `done(true)` on the syncer thread once a sync that began after commit `ticket` was
  // written has ended, or `done(false)` when that sync failed. `done` must be quick and must
  // not throw (it hands an answer to the HTTP loop).
  void when_durable(std::uint64_t ticket, std::function<void(bool)> done);

  // Commits written, and syncs done, so far (for the load tool's fsyncs per action).
  std::uint64_t commits() const;
  std::uint64_t syncs() const;

 private:
  void sync_file();  // outside the mutex; only the syncer calls it
  void run();        // the syncer thread

  std::string wal_file_;
  int fd_ = -1;  // the WAL, opened at the first sync (SQLite creates it)
  mutable std::mutex mutex_;
  std::condition_variable wanted_;  // the syncer waits here for work
  std::condition_variable synced_;  // wait_durable() waits here
  std::uint64_t written_ = 0;
  std::uint64_t durable_ = 0;      // every ticket up to this one is on disk
  std::uint64_t failed_upto_ = 0;  // a sync that would have covered these tickets failed
  std::uint64_t syncs_ = 0;
  std::uint64_t waiting_ = 0;  // threads in wait_durable()
  std::string error_;          // the last failed sync's reason
  std::multimap<std::uint64_t, std::function<void(bool)>> deferred_;
  bool stopping_ = false;
  std::thread syncer_;
};

// While one lives on a thread, that thread's SQLite commits do not wait for their sync: they are
// noted here, and the owner decides what waits for them (an HTTP answer, handed to
// GroupCommit::when_durable). A scope destroyed with commits still noted and not taken waits
// for them (an exception left the handler after a commit). Scopes do not nest.
class DeferScope {
 public:
  DeferScope();
  ~DeferScope();
  DeferScope(const DeferScope&) = delete;
  DeferScope& operator=(const DeferScope&) = delete;

  // The scope of this thread, or null.
  static DeferScope* current();
  void note(std::shared_ptr<GroupCommit> group, std::uint64_t ticket);
  bool pending() const { return group_ != nullptr; }
  // The noted commits as a function that hands its argument to GroupCommit::when_durable; the
  // scope then waits for nothing. Call only when pending().
  std::function<void(std::function<void(bool)>)> take();

 private:
  std::shared_ptr<GroupCommit> group_;
  std::uint64_t ticket_ = 0;
};

}  // namespace pacwar::server
