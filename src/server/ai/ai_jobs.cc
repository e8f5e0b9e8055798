#include "server/ai/ai_jobs.h"

#include "server/db/store.h"

namespace pacwar::server {

void write_ai_job(SqlConnection& c, const std::string& id, std::int64_t revision, bool agent_turn,
                  std::int64_t now_ms, const std::string& worker, std::int64_t lease_until,
                  bool job_before) {
  if (!agent_turn) {
    if (job_before) c.execute_later("DELETE FROM ai_jobs WHERE game_id = ?", {id});
    return;
  }
  const bool claimed = !worker.empty();
  c.execute_later(
      "INSERT INTO ai_jobs (game_id, revision, queued, lease_until, worker, attempts) "
      "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
      "revision = excluded.revision, queued = excluded.queued, "
      "lease_until = excluded.lease_until, worker = excluded.worker, attempts = excluded.attempts",
      {id, revision, now_ms, claimed ? lease_until : std::int64_t{0},
       claimed ? SqlValue(worker) : SqlValue(), std::int64_t{claimed ? 1 : 0}});
}

void write_ai_move(SqlConnection& c, const std::string& id, std::int64_t idx,
                   const std::string& worker, std::int64_t think_ms, std::int64_t now_ms) {
  c.execute_later(
      "INSERT INTO ai_moves (game_id, idx, worker, think_ms, created) VALUES (?, ?, ?, ?, ?)",
      {id, idx, worker, think_ms, now_ms});
}

std::optional<AiJob> Store::claim_ai_job(const std::string& worker, std::int64_t now_ms,
                                         std::int64_t lease_ms,
                                         const std::vector<std::string>& only_agents) {
  auto c = db_->acquire();
  Transaction transaction(*c);
  std::string sql = "SELECT j.game_id, j.revision, j.attempts FROM ai_jobs j ";
  std::vector<SqlValue> params;
  if (!only_agents.empty()) {
    // The computer player to move: the seat of the game's `to_move`.
    sql +=
        "JOIN games g ON g.id = j.game_id JOIN seats s ON s.game_id = j.game_id AND s.seat = "
        "g.to_move ";
  }
  sql += "WHERE j.lease_until <= ? ";
  params.emplace_back(now_ms);
  if (!only_agents.empty()) {
    sql += "AND s.agent IN (";
    for (std::size_t i = 0; i < only_agents.size(); ++i) {
      sql += i == 0 ? "?" : ", ?";
      params.emplace_back(only_agents[i]);
    }
    sql += ") ";
  }
  sql += "ORDER BY j.queued, j.game_id LIMIT 1";
  // PostgreSQL: rows another worker is claiming are skipped, not waited for. SQLite: the write
  // transaction (BEGIN IMMEDIATE) already lets one claim at a time.
  if (postgres_)
    sql += only_agents.empty() ? " FOR UPDATE SKIP LOCKED" : " FOR UPDATE OF j SKIP LOCKED";
  const auto rows = c->query(sql, params);
  if (rows.empty()) return std::nullopt;
  AiJob job;
  job.game_id = rows[0][0].value_or("");
  job.revision = std::stoll(rows[0][1].value_or("0"));
  job.attempts = static_cast<int>(std::stoll(rows[0][2].value_or("0"))) + 1;
  c->execute("UPDATE ai_jobs SET lease_until = ?, worker = ?, attempts = ? WHERE game_id = ?",
             {now_ms + lease_ms, worker, static_cast<std::int64_t>(job.attempts), job.game_id});
  // A lease lost with an operating-system crash is only claimed again (a killed process keeps
  // it, with its count of attempts): no wait for the disk, and no sync of its own (issue 43).
  transaction.commit_unsynced();
  return job;
}

bool Store::renew_ai_job(const std::string& id, std::int64_t revision, const std::string& worker,
                         std::int64_t until_ms) {
  auto c = db_->acquire();
  return c->execute(
             "UPDATE ai_jobs SET lease_until = ? WHERE game_id = ? AND revision = ? AND worker = ?",
             {until_ms, id, revision, worker}) == 1;
}

void Store::drop_ai_job(const std::string& id, std::int64_t revision) {
  auto c = db_->acquire();
  c->execute("DELETE FROM ai_jobs WHERE game_id = ? AND revision = ?", {id, revision});
}

int Store::queue_missing_ai_jobs(std::int64_t now_ms) {
  auto c = db_->acquire();
  Transaction transaction(*c);
  const auto queued = c->execute(
      "INSERT INTO ai_jobs (game_id, revision, queued, lease_until, worker, attempts) "
      "SELECT g.id, g.revision, CAST(? AS BIGINT), 0, NULL, 0 FROM games g "
      "JOIN seats s ON s.game_id = g.id AND s.seat = g.to_move "
      "WHERE g.status = 'active' AND s.agent IS NOT NULL "
      "AND NOT EXISTS (SELECT 1 FROM ai_jobs j WHERE j.game_id = g.id)",
      {now_ms});
  transaction.commit();
  return static_cast<int>(queued);
}

int Store::free_ai_job_leases() {
  auto c = db_->acquire();
  return static_cast<int>(
      c->execute("UPDATE ai_jobs SET lease_until = 0, worker = NULL WHERE lease_until > 0", {}));
}

std::vector<std::pair<std::string, std::int64_t>> Store::ai_moves_by_worker() {
  auto c = db_->acquire();
  std::vector<std::pair<std::string, std::int64_t>> moves;
  for (const SqlRow& row :
       c->query("SELECT worker, COUNT(*) FROM ai_moves GROUP BY worker ORDER BY worker", {})) {
    moves.emplace_back(row[0].value_or(""), std::stoll(row[1].value_or("0")));
  }
  return moves;
}

}  // namespace pacwar::server
