#include "server/play/game_json.h"

namespace pacwar::server {

using engine::Json;

std::string to_move_name(const engine::Game& game, int seat) {
  if (seat == engine::kChanceSeat) return "chance";
  if (seat < 0) return "";
  return game.seat_name(seat);
}

Json name_or_null(const std::string& text) { return text.empty() ? Json(nullptr) : Json(text); }

Json result_json(const engine::Game& game, const GameStatus& s) {
  if (s.status != PlayStatus::kFinished) return nullptr;
  Json result = {{"winner", s.winner >= 0 ? Json(game.seat_name(s.winner)) : Json(nullptr)}};
  if (s.resigned >= 0) result["resigned"] = game.seat_name(s.resigned);
  return result;
}

}  // namespace pacwar::server
