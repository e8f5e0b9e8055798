#include <memory>
#include <vector>

#include "server/accounts/account_routes.h"
#include "server/accounts/crypto.h"
#include "server/accounts/user_settings.h"
#include "server/http/api_error.h"
#include "server/http/json_http.h"
#include "server/notify/notice_queue.h"

namespace pacwar::server {
namespace {

using engine::Json;
using http::Request;
using http::Response;

constexpr std::size_t kMinPassword = 8;
constexpr std::size_t kMaxPassword = 1024;

// The password of `username` checked against `password`, counted by the log-in throttle (a
// stolen session must not become a way to guess the password faster).
void check_password(const AccountDeps& d, const std::string& username, const std::string& password,
                    const std::string& address, Response& res) {
  if (const int wait = d.login_throttle.wait(username, address); wait > 0) {
    res.set_header("Retry-After", std::to_string(wait));
    throw ApiError(429,
                   "too many wrong passwords; try again in " + std::to_string(wait) + " seconds",
                   {{"retry_after", wait}});
  }
  const auto hash = d.store.password_hash(username);
  if (!(verify_password(hash ? *hash : d.dummy_hash, password) && hash)) {
    d.login_throttle.failed(username, address);
    throw ApiError(403, "the password is wrong");
  }
  d.login_throttle.succeeded(username, address);
}

void check_new_password(const std::string& password) {
  if (password.size() < kMinPassword) throw ApiError(400, "a password has at least 8 characters");
  if (password.size() > kMaxPassword) {
    throw ApiError(400, "a password has at most 1024 characters");
  }
}

}  // namespace

void register_me_routes(Routes& routes, const AccountDeps& deps) {
  auto d = std::make_shared<AccountDeps>(deps);

  routes.add("GET", "/api/me", Access::kSignedIn,
             [](const std::string& me, Request&, Response& res) {
               send_json(res, 200, {{"username", me}});
             });

  routes.add(
      "POST", "/api/me/password", Access::kSignedIn,
      [d](const std::string& me, Request& req, Response& res) {
        const Json body = json_body(req);
        const std::string old_password = string_field(body, "old_password");
        const std::string new_password = string_field(body, "new_password");
        check_new_password(new_password);
        check_password(*d, me, old_password, req.remote_addr, res);
        d->store.set_password_hash(me, hash_password(new_password));
        // Every other session ends (a thief's included); this one stays.
        d->store.delete_sessions_of(me, d->sessions.token_hash_of(req));
        send_json(res, 200, {{"username", me}, {"other_sessions", "logged out"}});
      },
      Routes::Pool::kSlow);

  routes.add("POST", "/api/me/logout-all", Access::kSignedIn,
             [d](const std::string& me, Request&, Response& res) {
               d->store.delete_sessions_of(me);
               res.set_header("Set-Cookie", d->sessions.clear_cookie());
               send_json(res, 200, {{"logged_out", me}});
             });

  routes.add(
      "DELETE", "/api/me", Access::kSignedIn,
      [d](const std::string& me, Request& req, Response& res) {
        const Json body = json_body(req);
        check_password(*d, me, string_field(body, "password"), req.remote_addr, res);
        // Games in progress are resigned (the opponent wins), games nobody joined are
        // deleted, finished games stay with the seat shown as "deleted user".
        Json resigned = Json::array();
        for (const GameRecord& g : d->store.games_of(me)) {
          if (g.state.status != PlayStatus::kActive) continue;
          // A computer player's move may come first (409): tried again; still active then,
          // the deletion below refuses.
          for (int attempt = 0; attempt < 5; ++attempt) {
            try {
              d->games.resign(me, g.id);
              break;
            } catch (const ApiError& e) {
              if (e.status() != 409) throw;
            }
          }
          resigned.push_back(g.id);
        }
        std::vector<std::string> touched;
        for (const GameRecord& g : d->store.games_of(me)) touched.push_back(g.id);
        try {
          d->store.delete_user(me);
        } catch (const DbError& e) {
          throw ApiError(409,
                         std::string("the account was not deleted: ") + e.what() + "; try again");
        }
        for (const std::string& id : touched) d->games.forget(id);
        res.set_header("Set-Cookie", d->sessions.clear_cookie());
        send_json(res, 200, {{"deleted", me}, {"resigned", resigned}});
      },
      Routes::Pool::kSlow);

  // Notification settings (user_settings.h), with what the server offers.
  const auto settings_answer = [email = d->email_enabled](const Json& settings) {
    Json answer = settings;
    answer["server"] = {{"email", email}};
    return answer;
  };

  routes.add("GET", "/api/me/settings", Access::kSignedIn,
             [d, settings_answer](const std::string& me, Request&, Response& res) {
               auto c = d->store.database().acquire();
               send_json(res, 200, settings_answer(effective_settings(read_settings(*c, me))));
             });

  routes.add("PUT", "/api/me/settings", Access::kSignedIn,
             [d, settings_answer](const std::string& me, Request& req, Response& res) {
               const Json body = json_body(req);
               auto c = d->store.database().acquire();
               Transaction transaction(*c);
               const Json settings = merge_settings(read_settings(*c, me), body, d->webhook_policy);
               write_settings(*c, me, settings, d->games.now());
               transaction.commit();
               send_json(res, 200, settings_answer(settings));
             });

  // The browser's notices (notice_queue.h).
  routes.add("GET", "/api/me/notices", Access::kSignedIn,
             [d](const std::string& me, Request&, Response& res) {
               send_json(
                   res, 200,
                   {{"notices", pending_browser_notices(d->store.database(), me, d->games.now())}});
             });

  routes.add("POST", "/api/me/notices/seen", Access::kSignedIn,
             [d](const std::string& me, Request& req, Response& res) {
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
               send_json(
                   res, 200,
                   {{"seen", browser_notices_seen(d->store.database(), me, ids, d->games.now())}});
             });
}

}  // namespace pacwar::server
