// Clocks of games between people (docs/api.md "Clocks"): a time control chosen at creation,
// none, a time per move ("per_move": the same allowance every turn, e.g. 3 days) or a time bank
// plus an increment ("bank": each seat's bank runs while it is to move and grows by the
// increment each time it passes the turn, as on Board Game Arena). A seat's time runs from the
// moment the turn passes to it until it passes it on (the actions within its turn do not stop
// it). Kept in table game_clocks (notice_queue.h), changed in the same transaction as the game.
//
// When the time of the seat to move runs out, its opponent may claim the win
// (`on_timeout: "claim"`, POST /api/games/{id}/claim-timeout) or the game ends at once
// (`on_timeout: "lose"`); a reminder notice goes out when a quarter of the turn's time is left.
// The background worker (notice_worker.h) finds both, with any number of server processes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "server/db/db.h"
#include "server/notify/notice_queue.h"
#include "server/db/store.h"

namespace pacwar::server {

// The "clock" field of POST /api/games: null, {"kind":"none"}, {"kind":"per_move",
// "per_move_s":N, "on_timeout":"claim"|"lose"} or {"kind":"bank","bank_s":N,"increment_s":N,
// "on_timeout":...}; returns the normalized control, or null for none. ApiError 400 names the
// field and the allowed range.
engine::Json parse_clock(const engine::Json& value);

// Inside create_game: the game's clock row (not running until the game starts).
void write_new_clock(SqlConnection& c, const GameRecord& game);
// Inside join_game, when the last free seat was taken: starts the time of the seat to move.
void start_clock(SqlConnection& c, const std::string& id, std::int64_t now_ms);
// Inside change_game: the turn passed (or the game ended): charges the time used, adds the
// increment and starts the time of the seat now to move. An undo that gives the turn back
// gives no time back: the clock returns to what it was when that turn passed on (kept in
// table clock_turns), so the turn runs on from its start with its old deadline and bank.
void write_clock_change(SqlConnection& c, const std::string& id, const GameChange& change);

// A game's clock as stored.
struct ClockRow {
  std::string game_id;
  engine::Json control;             // as parse_clock returns it
  std::vector<std::int64_t> banks;  // bank mode: each seat's time left at the start of its turn
  int turn_seat = -1;               // whose time runs, -1: none
  std::int64_t turn_started = 0;
  std::int64_t deadline = 0;  // 0: not running
  bool warned = false;
  int expired = -1;  // the seat whose time ran out in this turn, else -1
  bool auto_end = false;
};
std::optional<ClockRow> load_clock(SqlConnection& c, const std::string& id);

// The clock as the API shows it: {"control", "running" (seat name or null), "deadline" (ISO or
// null), "seats": {name: {"left_ms"}}, "expired" (seat name or null), "now"}.
engine::Json clock_view(const ClockRow& row, const engine::Game& game, std::int64_t now_ms);

// The clocks that need the worker at `now`: a reminder due or the time out.
std::vector<ClockRow> due_clocks(Database& db, std::int64_t now_ms);
// Marks the reminder of the turn that started at `turn_started` as sent and queues `notices` in
// the same transaction; false when another process did it first (then nothing is queued).
bool mark_clock_warned(Database& db, const ClockRow& row, const std::vector<QueuedNotice>& notices,
                       std::int64_t now_ms);
// Marks the time of the turn as run out and queues `notices` likewise.
bool mark_clock_expired(Database& db, const ClockRow& row, const std::vector<QueuedNotice>& notices,
                        std::int64_t now_ms);

}  // namespace pacwar::server
