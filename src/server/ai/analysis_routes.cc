#include "server/ai/analysis_routes.h"

#include "server/http/json_http.h"

namespace pacwar::server {

void register_analysis_routes(Routes& routes, AnalysisService& analysis,
                              std::function<bool(const std::string&)> rated) {
  using http::Request;
  using http::Response;
  const std::string game = kGamePath;
  routes.add("GET", game + "/features", Access::kSignedIn,
             [&analysis, rated](const std::string& me, Request& req, Response& res) {
               engine::Json features = analysis.features(me, req.matches[1]);
               features["rated"] = !features["hints"].get<bool>() && rated(req.matches[1]);
               send_json(res, 200, features);
             });
  routes.add(
      "POST", game + "/hint", Access::kSignedIn,
      [&analysis](const std::string& me, Request& req, Response& res) {
        send_json(res, 200, analysis.hint(me, req.matches[1]));
      },
      Routes::Pool::kSlow);
  routes.add("GET", game + "/analysis", Access::kSignedIn,
             [&analysis](const std::string& me, Request& req, Response& res) {
               send_json(res, 200, analysis.analysis_status(me, req.matches[1]));
             });
  routes.add("POST", game + "/analysis", Access::kSignedIn,
             [&analysis](const std::string& me, Request& req, Response& res) {
               send_json(res, 202, analysis.request_analysis(me, req.matches[1]));
             });
}

}  // namespace pacwar::server
