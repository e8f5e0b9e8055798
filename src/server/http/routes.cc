#include "server/http/routes.h"

#include <utility>

#include "server/http/json_http.h"

namespace pacwar::server {

Routes::Routes(http::Server& web, Checks checks)
    : web_(web), checks_(std::make_shared<const Checks>(std::move(checks))) {}

void Routes::add(const std::string& method, const std::string& pattern, Access who,
                 RouteHandler handler, Pool pool) {
  web_.route(method, pattern,
             guarded([checks = checks_, who, handler = std::move(handler)](http::Request& req,
                                                                           http::Response& res) {
               std::string me;
               switch (who) {
                 case Access::kAnyone:
                   break;
                 case Access::kSignedIn:
                   me = checks->user(req);
                   break;
                 case Access::kOperator:
                   checks->check_operator(req);
                   break;
               }
               handler(me, req, res);
             }),
             pool);
}

}  // namespace pacwar::server
