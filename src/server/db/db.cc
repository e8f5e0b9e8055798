#include "server/db/db.h"

namespace pacwar::server {

Database::Lease Database::acquire() {
  std::unique_lock lock(mutex_);
  available_.wait(lock, [this] { return !free_.empty(); });
  std::unique_ptr<SqlConnection> connection = std::move(free_.back());
  free_.pop_back();
  return Lease(*this, std::move(connection));
}

void Database::add_connection(std::unique_ptr<SqlConnection> connection) {
  release(std::move(connection));
}

void Database::release(std::unique_ptr<SqlConnection> connection) {
  {
    std::lock_guard lock(mutex_);
    free_.push_back(std::move(connection));
  }
  available_.notify_one();
}

Transaction::~Transaction() {
  if (done_) return;
  try {
    connection_.rollback();
  } catch (const DbError&) {
    // The connection is gone, or the transaction was rolled back already.
  }
}

std::unique_ptr<Database> open_database(const std::string& url) {
  if (url.rfind("sqlite:", 0) == 0) {
    std::string file = url.substr(7);
    constexpr std::string_view kNormal = "?synchronous=normal";
    const bool normal = file.size() > kNormal.size() && file.ends_with(kNormal);
    if (normal) file.resize(file.size() - kNormal.size());
    if (file.empty()) throw DbError("--db sqlite:FILE: the file name is missing");
    return open_sqlite(file, !normal);
  }
  if (url.rfind("postgresql://", 0) == 0 || url.rfind("postgres://", 0) == 0) {
    return open_postgres(url, 8);
  }
  throw DbError("unknown database '" + url +
                "': expected sqlite:FILE or postgresql://USER@HOST:PORT/DBNAME");
}

}  // namespace pacwar::server
