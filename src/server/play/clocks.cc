#include "server/play/clocks.h"

#include <algorithm>

#include "server/http/api_error.h"
#include "server/http/json_http.h"
#include "server/play/games.h"

namespace pacwar::server {
namespace {

using engine::Json;

constexpr std::int64_t kDay = 24 * 3600;

// Field `name` of `clock`: whole seconds in [low, high].
std::int64_t seconds_field(const Json& clock, const char* name, std::int64_t low,
                           std::int64_t high) {
  auto it = clock.find(name);
  const std::string range = std::to_string(low) + " to " + std::to_string(high);
  if (it == clock.end() || !it->is_number_integer()) {
    throw field_error(std::string("clock.") + name, "must be whole seconds (" + range + ")");
  }
  const auto value = it->get<std::int64_t>();
  if (value < low || value > high) {
    throw field_error(std::string("clock.") + name,
                      "is " + std::to_string(value) + " s; it must be " + range + " s");
  }
  return value;
}

std::int64_t turn_allowance_ms(const ClockRow& row, int seat) {
  if (row.control["kind"] == "per_move")
    return row.control["per_move_s"].get<std::int64_t>() * 1000;
  return row.banks.at(static_cast<std::size_t>(seat));
}

std::vector<std::int64_t> parse_banks(const std::optional<std::string>& text) {
  std::vector<std::int64_t> banks;
  const Json list = Json::parse(text.value_or("[]"), nullptr, false);
  if (!list.is_array()) return banks;
  for (const Json& b : list) banks.push_back(b.is_number_integer() ? b.get<std::int64_t>() : 0);
  return banks;
}

ClockRow row_of(const SqlRow& r) {
  ClockRow row;
  row.game_id = r[0].value_or("");
  row.control = Json::parse(r[1].value_or("{}"), nullptr, false);
  if (row.control.is_discarded()) row.control = Json::object();
  row.banks = parse_banks(r[2]);
  row.turn_seat = static_cast<int>(sql_number(r[3]));
  row.turn_started = sql_number(r[4]);
  row.deadline = sql_number(r[5]);
  row.warned = sql_number(r[6]) != 0;
  row.expired = static_cast<int>(sql_number(r[7]));
  row.auto_end = row.control.value("on_timeout", "claim") == "lose";
  return row;
}

constexpr const char* kClockColumns =
    "game_id, control, banks, turn_seat, turn_started, deadline, warned, expired";

void save_turn(SqlConnection& c, const ClockRow& row) {
  c.execute(
      "UPDATE game_clocks SET banks = ?, turn_seat = ?, turn_started = ?, deadline = ?, "
      "warned = ?, expired = ? WHERE game_id = ?",
      {Json(row.banks).dump(), static_cast<std::int64_t>(row.turn_seat), row.turn_started,
       row.deadline, static_cast<std::int64_t>(row.warned ? 1 : 0),
       static_cast<std::int64_t>(row.expired), row.game_id});
}

// How many passed turns an undo may return to (clock_turns); an undo that goes back further
// (more turn changes undone in a row, no move between) starts the turn afresh.
constexpr std::int64_t kKeptTurns = 32;

// Keeps the clock as it is before the turn passes on, for an undo that returns to this turn.
void push_turn(SqlConnection& c, const ClockRow& row) {
  const auto last = c.query("SELECT MAX(n) FROM clock_turns WHERE game_id = ?", {row.game_id});
  const std::int64_t n = (last.empty() ? 0 : sql_number(last[0][0])) + 1;
  c.execute(
      "INSERT INTO clock_turns (game_id, n, banks, turn_seat, turn_started, deadline, warned, "
      "expired) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      {row.game_id, n, Json(row.banks).dump(), static_cast<std::int64_t>(row.turn_seat),
       row.turn_started, row.deadline, static_cast<std::int64_t>(row.warned ? 1 : 0),
       static_cast<std::int64_t>(row.expired)});
  c.execute("DELETE FROM clock_turns WHERE game_id = ? AND n <= ?", {row.game_id, n - kKeptTurns});
}

// The clock of the newest kept turn, taken off the list (an undo returns to it).
std::optional<ClockRow> pop_turn(SqlConnection& c, const ClockRow& now) {
  const auto rows = c.query(
      "SELECT n, banks, turn_seat, turn_started, deadline, warned, expired FROM clock_turns "
      "WHERE game_id = ? ORDER BY n DESC LIMIT 1",
      {now.game_id});
  if (rows.empty()) return std::nullopt;
  c.execute("DELETE FROM clock_turns WHERE game_id = ? AND n = ?",
            {now.game_id, sql_number(rows[0][0])});
  ClockRow row = now;
  row.banks = parse_banks(rows[0][1]);
  row.turn_seat = static_cast<int>(sql_number(rows[0][2]));
  row.turn_started = sql_number(rows[0][3]);
  row.deadline = sql_number(rows[0][4]);
  row.warned = sql_number(rows[0][5]) != 0;
  row.expired = static_cast<int>(sql_number(rows[0][6]));
  if (row.banks.size() != now.banks.size()) return std::nullopt;
  return row;
}

void start_turn(ClockRow& row, int seat, std::int64_t now_ms) {
  row.turn_seat = seat;
  row.turn_started = now_ms;
  row.deadline = now_ms + std::max<std::int64_t>(0, turn_allowance_ms(row, seat));
  row.warned = false;
  row.expired = -1;
}

}  // namespace

Json parse_clock(const Json& value) {
  if (value.is_null()) return nullptr;
  if (!value.is_object()) {
    throw field_error("clock",
                      "must be an object, e.g. {\"kind\": \"per_move\", \"per_move_s\": 259200}, "
                      "or null");
  }
  auto kind_it = value.find("kind");
  const std::string kind =
      kind_it != value.end() && kind_it->is_string() ? kind_it->get<std::string>() : "";
  if (kind == "none") return nullptr;
  std::string on_timeout = "claim";
  if (auto it = value.find("on_timeout"); it != value.end()) {
    if (!it->is_string() || (*it != "claim" && *it != "lose")) {
      throw field_error("clock.on_timeout",
                        "must be \"claim\" (the opponent may claim the win) or \"lose\" (the game "
                        "ends)");
    }
    on_timeout = it->get<std::string>();
  }
  for (auto& [key, v] : value.items()) {
    // Never destroyed: threads still running when the process exits may read it.
    static const std::vector<std::string>& known = *new const std::vector<std::string>{
        "kind", "on_timeout", "per_move_s", "bank_s", "increment_s"};
    if (std::find(known.begin(), known.end(), key) == known.end()) {
      throw field_error("clock." + key,
                        "is unknown (known: kind, per_move_s, bank_s, increment_s, on_timeout)");
    }
  }
  if (kind == "per_move") {
    return {{"kind", kind},
            {"per_move_s", seconds_field(value, "per_move_s", 60, 30 * kDay)},
            {"on_timeout", on_timeout}};
  }
  if (kind == "bank") {
    return {{"kind", kind},
            {"bank_s", seconds_field(value, "bank_s", 60, 60 * kDay)},
            {"increment_s", seconds_field(value, "increment_s", 0, 30 * kDay)},
            {"on_timeout", on_timeout}};
  }
  throw field_error("clock.kind", "must be \"none\", \"per_move\" or \"bank\"");
}

void write_new_clock(SqlConnection& c, const GameRecord& game) {
  if (!game.clock.is_object()) return;
  std::vector<std::int64_t> banks(game.seats.size(), 0);
  if (game.clock["kind"] == "bank") {
    std::fill(banks.begin(), banks.end(), game.clock["bank_s"].get<std::int64_t>() * 1000);
  }
  c.execute(std::string("INSERT INTO game_clocks (") + kClockColumns +
                ") VALUES (?, ?, ?, -1, 0, 0, 0, -1)",
            {game.id, game.clock.dump(), Json(banks).dump()});
  if (game.state.status == PlayStatus::kActive && game.state.to_move >= 0) {
    start_clock(c, game.id, game.state.updated_ms);
  }
}

std::optional<ClockRow> load_clock(SqlConnection& c, const std::string& id) {
  const auto rows =
      c.query(std::string("SELECT ") + kClockColumns + " FROM game_clocks WHERE game_id = ?", {id});
  if (rows.empty()) return std::nullopt;
  return row_of(rows[0]);
}

void start_clock(SqlConnection& c, const std::string& id, std::int64_t now_ms) {
  auto row = load_clock(c, id);
  if (!row) return;
  const auto game = c.query("SELECT status, to_move FROM games WHERE id = ?", {id});
  if (game.empty() || stored_play_status(game[0][0].value_or("")) != PlayStatus::kActive) return;
  const int seat = static_cast<int>(sql_number(game[0][1]));
  if (seat < 0 || static_cast<std::size_t>(seat) >= row->banks.size()) return;
  start_turn(*row, seat, now_ms);
  save_turn(c, *row);
}

void write_clock_change(SqlConnection& c, const std::string& id, const GameChange& change) {
  const GameStatus& before = change.before;
  const GameStatus& after = change.status;
  // Actions within one seat's turn leave its time running.
  if (before.status == after.status && before.to_move == after.to_move) return;
  auto row = load_clock(c, id);
  if (!row) return;
  const std::int64_t now = after.updated_ms;
  const bool forward = change.keep >= before.version;  // not an undo
  const bool active = after.status == PlayStatus::kActive && after.to_move >= 0 &&
                      static_cast<std::size_t>(after.to_move) < row->banks.size();
  if (!forward && active) {
    // An undo gives no time back: the turn it returns to runs on from where it started, with
    // its deadline, its bank before any charge or increment and its reminder as they were.
    if (auto turn = pop_turn(c, *row); turn && turn->turn_seat == after.to_move) {
      save_turn(c, *turn);
      return;
    }
  }
  if (forward && active && row->deadline > 0) push_turn(c, *row);
  if (row->deadline > 0 && row->turn_seat >= 0 &&
      static_cast<std::size_t>(row->turn_seat) < row->banks.size() &&
      row->control["kind"] == "bank") {
    auto& bank = row->banks[static_cast<std::size_t>(row->turn_seat)];
    bank = std::max<std::int64_t>(0, bank - (now - row->turn_started));
    if (forward && after.status == PlayStatus::kActive) {
      bank += row->control["increment_s"].get<std::int64_t>() * 1000;
    }
  }
  if (active) {
    start_turn(*row, after.to_move, now);
  } else {
    // Finished (or waiting): no time runs. A seat that ran out stays marked.
    row->turn_seat = -1;
    row->deadline = 0;
    c.execute("DELETE FROM clock_turns WHERE game_id = ?", {id});
  }
  save_turn(c, *row);
}

Json clock_view(const ClockRow& row, const engine::Game& game, std::int64_t now_ms) {
  Json seats = Json::object();
  for (std::size_t s = 0; s < row.banks.size(); ++s) {
    const int seat = static_cast<int>(s);
    std::int64_t left = turn_allowance_ms(row, seat);
    const bool running = row.deadline > 0 && row.turn_seat == seat;
    if (running) left = std::max<std::int64_t>(0, row.deadline - now_ms);
    seats[game.seat_name(seat)] = {{"left_ms", left}, {"running", running}};
  }
  const bool running = row.deadline > 0 && row.turn_seat >= 0;
  return {{"control", row.control},
          {"running", running ? Json(game.seat_name(row.turn_seat)) : Json(nullptr)},
          {"deadline", running ? Json(iso_time(row.deadline)) : Json(nullptr)},
          {"seats", seats},
          {"expired", row.expired >= 0 ? Json(game.seat_name(row.expired)) : Json(nullptr)},
          {"now", iso_time(now_ms)}};
}

std::vector<ClockRow> due_clocks(Database& db, std::int64_t now_ms) {
  auto c = db.acquire();
  std::vector<ClockRow> due;
  // A reminder when a quarter of the turn's time is left; the time out at the deadline; and a
  // clock that ran out with on_timeout "lose" whose game has not been ended yet (the process
  // that marked it died before ending it).
  for (const SqlRow& r :
       c->query(std::string("SELECT ") + kClockColumns +
                    " FROM game_clocks WHERE deadline > 0 AND ((expired < 0 AND (deadline <= ? OR "
                    "(warned = 0 AND (deadline - turn_started) >= 4 * (deadline - ?)))) OR "
                    "(expired >= 0 AND control LIKE '%\"on_timeout\":\"lose\"%'))",
                {now_ms, now_ms})) {
    due.push_back(row_of(r));
  }
  return due;
}

bool mark_clock_warned(Database& db, const ClockRow& row, const std::vector<QueuedNotice>& notices,
                       std::int64_t now_ms) {
  auto c = db.acquire();
  Transaction transaction(*c);
  if (c->execute("UPDATE game_clocks SET warned = 1 WHERE game_id = ? AND warned = 0 AND "
                 "turn_started = ? AND turn_seat = ? AND expired < 0",
                 {row.game_id, row.turn_started, static_cast<std::int64_t>(row.turn_seat)}) != 1) {
    return false;
  }
  write_notices(*c, notices, now_ms);
  transaction.commit();
  return true;
}

bool mark_clock_expired(Database& db, const ClockRow& row, const std::vector<QueuedNotice>& notices,
                        std::int64_t now_ms) {
  auto c = db.acquire();
  Transaction transaction(*c);
  if (c->execute(
          "UPDATE game_clocks SET expired = turn_seat, warned = 1 WHERE game_id = ? AND "
          "expired < 0 AND turn_started = ? AND turn_seat = ? AND deadline > 0 AND "
          "deadline <= ?",
          {row.game_id, row.turn_started, static_cast<std::int64_t>(row.turn_seat), now_ms}) != 1) {
    return false;
  }
  write_notices(*c, notices, now_ms);
  transaction.commit();
  return true;
}

}  // namespace pacwar::server
