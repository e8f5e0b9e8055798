#include "server/notify/notice_routes.h"

#include <map>

#include "server/http/api_error.h"
#include "server/play/clocks.h"
#include "server/http/json_http.h"
#include "server/notify/notice_queue.h"
#include "server/accounts/user_settings.h"

namespace pacwar::server {
namespace {

using engine::Json;
using http::Request;
using http::Response;

}  // namespace

void add_notice_routes(http::Server& web, GameService& games, Store& store,
                       const NoticeRouteKit& kit) {
  const bool email = kit.email_enabled;
  auto settings_answer = [email](const Json& settings) {
    Json answer = settings;
    answer["server"] = {{"email", email}};
    return answer;
  };

  web.route("GET", "/api/me/settings",
            kit.wrap([&store, kit, settings_answer](Request& req, Response& res) {
              const std::string me = kit.user(req);
              auto c = store.database().acquire();
              send_json(res, 200, settings_answer(effective_settings(read_settings(*c, me))));
            }));

  web.route("PUT", "/api/me/settings",
            kit.wrap([&store, &games, kit, settings_answer](Request& req, Response& res) {
              const std::string me = kit.user(req);
              const Json body = json_body(req);
              auto c = store.database().acquire();
              Transaction transaction(*c);
              const Json settings = merge_settings(read_settings(*c, me), body, kit.webhook_policy);
              write_settings(*c, me, settings, games.now());
              transaction.commit();
              send_json(res, 200, settings_answer(settings));
            }));

  web.route("GET", "/api/me/notices", kit.wrap([&store, &games, kit](Request& req, Response& res) {
    const std::string me = kit.user(req);
    send_json(res, 200, {{"notices", pending_browser_notices(store.database(), me, games.now())}});
  }));

  web.route("POST", "/api/me/notices/seen",
            kit.wrap([&store, &games, kit](Request& req, Response& res) {
              const std::string me = kit.user(req);
              const Json body = json_body(req);
              const Json& list = member(body, "ids");
              if (!list.is_array() || list.size() > 100) {
                throw field_error("ids", "must be an array of at most 100 notice ids");
              }
              std::vector<std::string> ids;
              for (const Json& id : list) {
                if (!id.is_string()) throw field_error("ids", "must hold notice ids (strings)");
                ids.push_back(id.get<std::string>());
              }
              send_json(res, 200,
                        {{"seen", browser_notices_seen(store.database(), me, ids, games.now())}});
            }));

  web.route("GET", std::string(kGamePath) + "/clock",
            kit.wrap([&store, &games, kit](Request& req, Response& res) {
              const std::string me = kit.user(req);
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
            }));

  web.route("POST", std::string(kGamePath) + "/claim-timeout",
            kit.wrap([&store, &games, kit](Request& req, Response& res) {
              const std::string me = kit.user(req);
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
            }));
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
