#include "server/db/pg_listener.h"

#include <libpq-fe.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <iostream>

#include "engine/game.h"
#include "server/db/db.h"
#include "server/thread_name.h"

namespace pacwar::server {
namespace {

// A connection that LISTENs on `channel`, or nullptr (with the reason in `error`).
PGconn* listen_connection(const std::string& url, const std::string& channel, std::string& error) {
  PGconn* conn = PQconnectdb(url.c_str());
  if (conn == nullptr || PQstatus(conn) != CONNECTION_OK) {
    error = conn ? PQerrorMessage(conn) : "out of memory";
    PQfinish(conn);
    return nullptr;
  }
  char* quoted = PQescapeIdentifier(conn, channel.c_str(), channel.size());
  const std::string sql = std::string("LISTEN ") + (quoted ? quoted : channel.c_str());
  PQfreemem(quoted);
  PGresult* result = PQexec(conn, sql.c_str());
  const bool ok = result && PQresultStatus(result) == PGRES_COMMAND_OK;
  PQclear(result);
  if (!ok) {
    error = PQerrorMessage(conn);
    PQfinish(conn);
    return nullptr;
  }
  return conn;
}

}  // namespace

std::string game_notice(const GameNotice& notice) {
  engine::Json json{{"game", notice.game}, {"version", notice.version}};
  if (notice.revision >= 0) json["revision"] = notice.revision;
  if (!notice.job) json["job"] = false;
  return json.dump();
}

std::string game_notice(const std::string& id, std::int64_t version) {
  return game_notice(GameNotice{id, version, -1, true});
}

std::optional<GameNotice> parse_game_notice(std::string_view payload) {
  const engine::Json json = engine::Json::parse(payload, nullptr, false);
  if (!json.is_object()) return std::nullopt;
  const auto game = json.find("game");
  if (game == json.end() || !game->is_string()) return std::nullopt;
  GameNotice notice;
  notice.game = game->get<std::string>();
  if (const auto it = json.find("version"); it != json.end() && it->is_number_integer())
    notice.version = it->get<std::int64_t>();
  if (const auto it = json.find("revision"); it != json.end() && it->is_number_integer())
    notice.revision = std::max<std::int64_t>(-1, it->get<std::int64_t>());
  if (const auto it = json.find("job"); it != json.end() && it->is_boolean())
    notice.job = it->get<bool>();
  return notice;
}

std::string game_of_notice(std::string_view payload) {
  const auto notice = parse_game_notice(payload);
  return notice ? notice->game : "";
}

PgListener::PgListener(std::string url, std::string channel, Callbacks callbacks)
    : url_(std::move(url)), channel_(std::move(channel)), callbacks_(std::move(callbacks)) {
  std::string error;
  PGconn* conn = listen_connection(url_, channel_, error);
  if (conn == nullptr) throw DbError("cannot LISTEN on PostgreSQL: " + error);
  stop_fd_ = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (stop_fd_ < 0) {
    PQfinish(conn);
    throw DbError("eventfd failed");
  }
  thread_ = std::thread([this, conn] {
    name_this_thread("pg-listen");
    run(conn);
  });
}

PgListener::~PgListener() {
  const std::uint64_t one = 1;
  if (write(stop_fd_, &one, sizeof one) < 0) {
    // The thread then stops at its next wait at the latest; nothing else to do.
  }
  thread_.join();
  close(stop_fd_);
}

void PgListener::run(void* first_connection) {
  PGconn* conn = static_cast<PGconn*>(first_connection);
  auto retry = std::chrono::milliseconds(100);
  bool stopping = false;
  while (!stopping) {
    if (conn == nullptr) {
      // Lost: try again, up to every 2 s, until stopped.
      pollfd stop{stop_fd_, POLLIN, 0};
      if (poll(&stop, 1, static_cast<int>(retry.count())) > 0) break;
      retry = std::min(retry * 2, std::chrono::milliseconds(2000));
      std::string error;
      conn = listen_connection(url_, channel_, error);
      if (conn == nullptr) continue;
      std::cerr << "pacwar: LISTEN " << channel_ << " connected again\n";
      retry = std::chrono::milliseconds(100);
      if (callbacks_.reconnected) callbacks_.reconnected();
    }
    pollfd fds[2] = {{PQsocket(conn), POLLIN, 0}, {stop_fd_, POLLIN, 0}};
    // A minute without a notice: check that the connection is alive.
    const int ready = poll(fds, 2, 60000);
    if (ready < 0) continue;  // EINTR
    if (fds[1].revents != 0) stopping = true;
    bool lost = PQstatus(conn) != CONNECTION_OK;
    if (!lost && ready == 0) {
      PGresult* result = PQexec(conn, "SELECT 1");
      lost = !result || PQresultStatus(result) != PGRES_TUPLES_OK;
      PQclear(result);
    }
    if (!lost && fds[0].revents != 0) lost = PQconsumeInput(conn) == 0;
    while (!lost) {
      PGnotify* notify = PQnotifies(conn);
      if (notify == nullptr) break;
      ++notices_;
      if (callbacks_.notice) callbacks_.notice(notify->extra);
      PQfreemem(notify);
    }
    if (lost || PQstatus(conn) != CONNECTION_OK) {
      std::cerr << "pacwar: LISTEN " << channel_ << " lost its connection: " << PQerrorMessage(conn)
                << "\n";
      PQfinish(conn);
      conn = nullptr;
      if (callbacks_.lost) callbacks_.lost();
    }
  }
  PQfinish(conn);
}

}  // namespace pacwar::server
