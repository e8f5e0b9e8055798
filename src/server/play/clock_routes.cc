#include "server/play/clock_routes.h"

#include <map>
#include <optional>

#include "server/http/api_error.h"
#include "server/http/json_http.h"
#include "server/play/clocks.h"

namespace pacwar::server {
namespace {

using engine::Json;
using http::Request;
using http::Response;

}  // namespace

void register_clock_routes(Routes& routes, GameService& games, Store& store) {
  routes.add("GET", std::string(kGamePath) + "/clock", Access::kSignedIn,
             [&store, &games](const std::string& me, Request& req, Response& res) {
               const std::string id = req.matches[1];
               games.summary(me, id);  // 403 / 404
               auto c = store.database().acquire();
               const auto row = load_clock(*c, id);
               const auto game_rows = c->query("SELECT game FROM games WHERE id = ?", {id});
               auto game = game_rows.empty() ? nullptr : games.game(game_rows[0][0].value_or(""));
               if (!row || !game) {
                 send_json(res, 200, {{"clock", nullptr}});
                 return;
               }
               send_json(res, 200, {{"clock", clock_view(*row, *game, games.now())}});
             });

  routes.add("POST", std::string(kGamePath) + "/claim-timeout", Access::kSignedIn,
             [&store, &games](const std::string& me, Request& req, Response& res) {
               const std::string id = req.matches[1];
               games.summary(me, id);  // 403 / 404
               std::optional<ClockRow> row;
               {
                 auto c = store.database().acquire();
                 row = load_clock(*c, id);
               }
               if (!row) throw ApiError(409, "this game has no clock");
               if (row->expired < 0) {
                 throw ApiError(409, "nobody's time has run out in this turn",
                                {{"deadline", row->deadline > 0 ? Json(iso_time(row->deadline))
                                                                : Json(nullptr)}});
               }
               res.set_content(games.end_on_time(id, row->expired, me), "application/json");
             });
}

void add_lobby_clocks(Json& lobby, const std::string& user, GameService& games, Store& store) {
  std::map<std::string, ClockRow> rows;
  {
    auto c = store.database().acquire();
    for (const SqlRow& r : c->query("SELECT game_id FROM game_clocks WHERE game_id IN "
                                    "(SELECT game_id FROM seats WHERE username = ?)",
                                    {user})) {
      if (auto row = load_clock(*c, r[0].value_or(""))) rows.emplace(row->game_id, *row);
    }
  }
  if (rows.empty() || !lobby.contains("games")) return;
  const std::int64_t now = games.now();
  for (Json& entry : lobby["games"]) {
    auto it = rows.find(entry.value("id", ""));
    if (it == rows.end()) continue;
    auto game = games.game(entry.value("game", ""));
    if (game) entry["clock"] = clock_view(it->second, *game, now);
  }
}

}  // namespace pacwar::server
