// The routes of hints and post-game analysis (analysis_service.h, docs/api.md): a game's
// features, a hint (one small search, on the slow pool so that it never holds a worker of the
// other requests), and the analysis' status and request.
#pragma once

#include <functional>
#include <string>

#include "server/ai/analysis_service.h"
#include "server/http/routes.h"

namespace pacwar::server {

// `rated(id)`: whether game `id`'s settings make it rated (a game with hints never is).
// `analysis` must outlive the routes' server.
void register_analysis_routes(Routes& routes, AnalysisService& analysis,
                              std::function<bool(const std::string&)> rated);

}  // namespace pacwar::server
