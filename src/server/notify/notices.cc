#include "server/notify/notices.h"

namespace pacwar::server {
namespace {

using engine::Json;

std::string seat_text(const engine::Game& game, int seat) {
  return seat >= 0 && seat < game.num_seats() ? game.seat_name(seat) : "";
}

Json text_or_null(const std::string& text) { return text.empty() ? Json(nullptr) : Json(text); }

std::string str(const Json& body, const char* key) {
  auto it = body.find(key);
  return it != body.end() && it->is_string() ? it->get<std::string>() : "";
}

bool all_people(const GameRecord& record) {
  for (const SeatRecord& s : record.seats) {
    if (s.username.empty()) return false;
  }
  return !record.seats.empty();
}

std::string duration_text(std::int64_t ms) {
  const std::int64_t minutes = ms / 60000;
  if (minutes >= 48 * 60) return std::to_string(minutes / (24 * 60)) + " days";
  if (minutes >= 120) return std::to_string(minutes / 60) + " hours";
  return std::to_string(std::max<std::int64_t>(minutes, 0)) + " minutes";
}

}  // namespace

Json notice_body(const GameRecord& record, const engine::Game& game, int seat,
                 const GameStatus& status) {
  std::string opponent;
  for (std::size_t s = 0; s < record.seats.size(); ++s) {
    if (static_cast<int>(s) == seat) continue;
    const SeatRecord& r = record.seats[s];
    opponent = !r.username.empty() ? r.username : r.agent;
  }
  const bool finished = status.status == PlayStatus::kFinished;
  return {{"game_id", record.id},
          {"game", record.game},
          {"seat", seat_text(game, seat)},
          {"opponent", text_or_null(opponent)},
          {"to_move", finished ? Json(nullptr) : text_or_null(seat_text(game, status.to_move))},
          {"your_turn", status.status == PlayStatus::kActive && status.to_move == seat},
          {"move", status.version},
          {"status", status.status},
          {"winner", finished ? text_or_null(seat_text(game, status.winner)) : Json(nullptr)},
          {"resigned", finished ? text_or_null(seat_text(game, status.resigned)) : Json(nullptr)},
          {"path", "/#/game/" + record.id}};
}

std::vector<QueuedNotice> change_notices(const GameRecord& record, const engine::Game& game,
                                         const GameChange& change) {
  std::vector<QueuedNotice> notices;
  const GameStatus& before = change.before;
  const GameStatus& after = change.status;
  const bool forward = change.keep >= before.version;
  if (after.status == PlayStatus::kActive && forward && all_people(record) && after.to_move >= 0 &&
      static_cast<std::size_t>(after.to_move) < record.seats.size() &&
      (before.status != PlayStatus::kActive || before.to_move != after.to_move)) {
    notices.push_back({record.seats[static_cast<std::size_t>(after.to_move)].username, "turn",
                       record.id, notice_body(record, game, after.to_move, after)});
  }
  if (after.status == PlayStatus::kFinished && before.status != PlayStatus::kFinished) {
    // A person's own last move (with the computer's moves made in its request, GameChange::
    // moves_at_once): they saw the end on their page.
    const int mover = change.worker.empty() && !change.append.empty() ? before.to_move : -1;
    for (std::size_t s = 0; s < record.seats.size(); ++s) {
      const int seat = static_cast<int>(s);
      if (record.seats[s].username.empty() || seat == after.resigned || seat == mover) continue;
      notices.push_back({record.seats[s].username, "game_end", record.id,
                         notice_body(record, game, seat, after)});
    }
  }
  return notices;
}

std::vector<QueuedNotice> repair_notices(const GameRecord& record, const engine::Game& game,
                                         const GameStatus& status, const RepairFacts& facts) {
  std::vector<QueuedNotice> notices;
  for (std::size_t s = 0; s < record.seats.size(); ++s) {
    if (record.seats[s].username.empty()) continue;
    Json body = notice_body(record, game, static_cast<int>(s), status);
    body["rules_before"] = facts.rules_before;
    body["rules_now"] = facts.rules_now;
    body["taken_back"] = facts.taken_back;
    notices.push_back({record.seats[s].username, "rules_repair", record.id, std::move(body)});
  }
  return notices;
}

std::string repair_text(const Json& body) {
  const std::string before = str(body, "rules_before");
  const std::string now = str(body, "rules_now");
  const std::string move = body.contains("move") ? body["move"].dump() : "?";
  const auto taken = body.value("taken_back", std::int64_t{0});
  const std::string versions =
      before.empty() || before == now ? "now version " + now : "version " + before + " to " + now;
  const std::string what =
      taken == 1 ? "the last action of this game no longer follows them: it was taken back"
                 : "the last " + std::to_string(taken) +
                       " actions of this game no longer follow them: they were taken back";
  return "the server's rules were corrected (" + versions + ") and " + what +
         ", and the game goes on from action " + move + ".";
}

std::vector<QueuedNotice> accepted_notices(const GameRecord& record, const engine::Game& game,
                                           int joined) {
  std::vector<QueuedNotice> notices;
  for (std::size_t s = 0; s < record.seats.size(); ++s) {
    if (static_cast<int>(s) == joined || record.seats[s].username.empty()) continue;
    notices.push_back({record.seats[s].username, "invite_accepted", record.id,
                       notice_body(record, game, static_cast<int>(s), record.state)});
  }
  return notices;
}

std::string notice_subject(const std::string& kind, const Json& body, const std::string& title) {
  const std::string opponent = str(body, "opponent");
  if (kind == "turn") return "Your turn against " + opponent + " (" + title + ")";
  if (kind == "game_end") return "Game over against " + opponent + " (" + title + ")";
  if (kind == "invite_accepted") return opponent + " accepted your invitation (" + title + ")";
  if (kind == "clock_low") return "Your time is running low against " + opponent;
  if (kind == "clock_out") return "Time ran out in your game against " + opponent;
  if (kind == "rules_repair") return "A rules fix took back moves against " + opponent;
  return "pacwar: " + title;
}

std::string notice_text(const std::string& kind, const Json& body, const std::string& title,
                        const std::string& link) {
  const std::string seat = str(body, "seat");
  const std::string opponent = str(body, "opponent");
  const std::string move = body.contains("move") ? body["move"].dump() : "?";
  std::string text = "pacwar, " + title + " (you play " + seat + ", move " + move + "): ";
  if (kind == "turn") {
    text += "it is your turn against " + opponent + ".";
  } else if (kind == "game_end") {
    const std::string winner = str(body, "winner");
    const std::string resigned = str(body, "resigned");
    text += "the game against " + opponent + " is over: ";
    text += winner.empty() ? "a draw" : (winner == seat ? "you won" : "you lost");
    if (!resigned.empty()) text += " (" + resigned + " resigned)";
    if (str(body, "timeout") != "") text += " (" + str(body, "timeout") + " ran out of time)";
    text += ".";
  } else if (kind == "invite_accepted") {
    text += opponent + " accepted your invitation; " +
            (body.value("your_turn", false) ? std::string("it is your turn.")
                                            : opponent + " moves first.");
  } else if (kind == "clock_low") {
    const auto left = body.value("left_ms", std::int64_t{0});
    text += "your time against " + opponent + " runs out in " + duration_text(left) + ".";
  } else if (kind == "clock_out") {
    const std::string late = str(body, "expired");
    text += late == seat ? "your time ran out against " + opponent + "."
                         : opponent + " ran out of time" +
                               (body.value("may_claim", false) ? "; you may claim the win." : ".");
  } else if (kind == "rules_repair") {
    text += repair_text(body) + (body.value("your_turn", false) ? " It is your turn." : "");
  } else {
    text += kind + ".";
  }
  return text + " " + link;
}

}  // namespace pacwar::server
