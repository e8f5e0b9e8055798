// Computer players' turns as jobs in the database (tables ai_jobs and ai_moves of store.cc), so
// that any number of worker processes (`pacwar worker`, or the worker embedded in `pacwar serve`)
// share them: the transaction that makes a computer player's turn queues the game's job, a worker
// claims it with a lease, thinks, and commits the move through the same revision-guarded
// transaction as a person's move, which replaces the job (the next turn) or removes it.
#pragma once

#include <cstdint>
#include <string>

#include "server/db/db.h"

namespace pacwar::server {

// Inside a game's change at `revision` (the new one): queues the job of a computer player's turn
// (free to claim at once), or removes the game's job when no computer player is to move. With a
// `worker`, the job is written claimed by it until `lease_until` (its first attempt): the worker
// of this process takes it at once (AgentQueue::lease in games.h), with no claim of its own.
// Both write with execute_later (db.h): sent with the change's next statement that is read.
// `job_before` false: the game holds no job (GameChange::job_before), so there is none to remove.
void write_ai_job(SqlConnection& c, const std::string& id, std::int64_t revision, bool agent_turn,
                  std::int64_t now_ms, const std::string& worker = {}, std::int64_t lease_until = 0,
                  bool job_before = true);
// Inside the change that stores a computer player's move (the action at index `idx`).
void write_ai_move(SqlConnection& c, const std::string& id, std::int64_t idx,
                   const std::string& worker, std::int64_t think_ms, std::int64_t now_ms);

}  // namespace pacwar::server
