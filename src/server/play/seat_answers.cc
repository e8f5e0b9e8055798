// GameService's answers to a seat: its view, its log and the game's status as JSON text, kept
// per seat until the game changes.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <stdexcept>

#include "ai/agent.h"
#include "engine/errors.h"
#include "engine/json_writer.h"
#include "games/registry.h"
#include "server/accounts/crypto.h"
#include "server/http/api_error.h"
#include "server/http/json_http.h"
#include "server/notify/notices.h"
#include "server/play/clocks.h"
#include "server/play/game_json.h"
#include "server/play/games.h"

namespace pacwar::server {

using engine::Json;

GameService::SeatAnswer& GameService::seat_log(LiveGame& live, int seat) const {
  // A spectator's answer is kept after the seats'.
  const auto slot = static_cast<std::size_t>(seat < 0 ? live.session->game().num_seats() : seat);
  if (live.answers.size() <= slot) live.answers.resize(slot + 1);
  SeatAnswer& a = live.answers[slot];
  const std::vector<engine::LogLine>& lines = live.session->log();
  if (lines.size() < a.log_read) a = SeatAnswer();  // the log was cut
  for (; a.log_read < lines.size(); ++a.log_read) {
    const engine::LogLine& line = lines[a.log_read];
    if (!line.visible(seat)) continue;
    a.line_starts.push_back(a.log.size());
    a.log += ",{\"rule\":";
    engine::JsonWriter::append_string(a.log, line.rule);
    a.log += ",\"text\":";
    engine::JsonWriter::append_string(a.log, line.text);
    a.log += '}';
  }
  return a;
}

void GameService::check_log_since(LiveGame& live, int seat, std::int64_t since) const {
  const auto lines = static_cast<std::int64_t>(seat_log(live, seat).line_starts.size());
  if (since > lines) {
    throw ApiError(400, "log_since " + std::to_string(since) + " is past the log: your seat has " +
                            std::to_string(lines) + " log lines");
  }
}

GameService::SeatAnswer& GameService::seat_answer(LiveGame& live, int seat) const {
  SeatAnswer& a = seat_log(live, seat);
  if (a.revision == live.record.revision) return a;

  // The keys in sorted order, as nlohmann::json writes an object (docs/api.md shows them).
  const engine::Game& game = live.session->game();
  const engine::State& state = live.session->state();
  const GameStatus& s = live.record.state;
  const bool your_turn = seat >= 0 && s.status == PlayStatus::kActive && s.to_move == seat;
  a.head.clear();
  engine::JsonWriter w(a.head);
  w.begin_object();
  w.field("can_undo", seat >= 0 && s.status == PlayStatus::kActive && live.session->can_undo(seat));
  w.field("game", live.record.game);
  w.field("id", live.record.id);
  w.key("legal");
  w.begin_array();
  if (your_turn) {
    for (engine::ActionCode action : state.legal_actions()) {
      w.begin_object();
      // A menu group (State::action_group): the web page shows its actions as one button.
      if (const engine::ActionGroup group = state.action_group(action); !group.label.empty()) {
        w.field("choice", group.choice);
        w.field("group", group.label);
      }
      w.field("id", state.action_id(action));
      w.field("label", state.action_label(action));
      w.end_object();
    }
  }
  w.end_array();
  w.key("log");

  a.tail.assign(1, ',');
  engine::JsonWriter t(a.tail);
  t.field("options", live.record.options);
  t.key("prompt");
  if (your_turn) {
    t.value(state.prompt());
  } else {
    t.null();
  }
  t.field("result", result_json(game, s));
  t.field("seat", seat >= 0 ? Json(game.seat_name(seat)) : Json(nullptr));
  Json seats = Json::object();
  for (std::size_t i = 0; i < live.record.seats.size(); ++i) {
    const SeatRecord& r = live.record.seats[i];
    seats[game.seat_name(static_cast<int>(i))] =
        !r.username.empty() ? Json(r.username) : name_or_null(r.agent);
  }
  t.field("seats", seats);
  if (seat < 0) t.field("spectator", true);
  t.field("status", to_string(s.status));
  t.field("to_move", s.status == PlayStatus::kFinished
                         ? Json(nullptr)
                         : name_or_null(to_move_name(game, s.to_move)));
  t.field("updated", iso_time(s.updated_ms));
  t.field("version", s.version);
  t.key("view");
  state.write_view(seat, t);
  t.field("your_turn", your_turn);
  t.end_object();
  a.whole.clear();
  a.revision = live.record.revision;
  return a;
}

std::string GameService::answer(LiveGame& live, int seat, std::int64_t log_since) const {
  SeatAnswer& a = seat_answer(live, seat);
  if (log_since == 0 && !a.whole.empty()) return a.whole;
  const auto first = static_cast<std::size_t>(log_since);
  // The lines from `first` on, without the comma before the first of them.
  const std::size_t from = first < a.line_starts.size() ? a.line_starts[first] + 1 : a.log.size();
  std::string text;
  text.reserve(a.head.size() + a.log.size() - from + a.tail.size() + 32);
  text += a.head;
  text += '[';
  text.append(a.log, from);
  text += "],\"log_from\":";
  text += std::to_string(log_since);
  text += a.tail;
  if (log_since == 0) a.whole = text;
  return text;
}

std::string GameService::state_text(const std::string& user, const std::string& id,
                                    std::optional<std::int64_t> log_since) {
  if (log_since && *log_since < 0) {
    throw ApiError(400, "log_since must be a non-negative integer (a log line index)");
  }
  Locked live = get(id);
  const int seat = viewer_seat(*live.game, user);
  const std::int64_t since = log_since.value_or(0);
  check_log_since(*live.game, seat, since);
  return answer(*live.game, seat, since);
}

}  // namespace pacwar::server
