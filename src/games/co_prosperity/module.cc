#include "games/co_prosperity/module.h"

#include <memory>

#include "games/co_prosperity/ai_features.h"
#include "games/co_prosperity/ai_policy.h"
#include "games/co_prosperity/blunders.h"
#include "games/co_prosperity/content.h"
#include "games/co_prosperity/doctrine.h"
#include "games/co_prosperity/game.h"
#include "games/co_prosperity/render_text.h"

namespace pacwar::co_prosperity {

engine::GameModule game_module() {
  engine::GameModule module;
  module.name = "co-prosperity";
  module.make_game = [] {
    return std::make_shared<CoProsperityGame>(load_content(default_data_dir()));
  };
  module.load_game = [](const std::string& dir) {
    return std::make_shared<CoProsperityGame>(load_content(dir));
  };
  module.render_board = [](const engine::Json& view) { return render_text(view); };
  module.search = [] {
    // MAST with E = 0.5 passed an SPRT at equal time against mcts-v1 (docs/ai.md, "AMAF/RAVE
    // and MAST"); RAVE passed at equal iterations only and is off (0). MAST ordering the
    // expansions too passed at equal iterations but failed (H0) at equal time ("MAST in the
    // tree"), so it is off here. Tree reuse passed an SPRT at mcts:normal against the search
    // without it ("Tree reuse with MAST"): a hand is chosen one card at a time (6.0) and an
    // operation in several steps (8.0), each step a decision of the same seat.
    return engine::SearchPolicies{std::make_shared<CoProsperityEvaluator>(),
                                  std::make_shared<CoProsperityPlayout>(),
                                  kCoProsperityPlayoutDepth,
                                  std::make_shared<CoProsperityFeatures>(),
                                  /*rave=*/0.0,
                                  /*mast=*/0.5,
                                  /*mast_expand=*/false,
                                  /*reuse_tree=*/true};
  };
  // Raise with every rule fix that changes the self-play digests (engine/game_module.h).
  module.rules_version = 1;
  module.blunders = [] { return make_blunder_counter(); };  // issue 36 (docs/ai.md)
  // The doctrine players (docs/ai.md, "Doctrine players").
  module.doctrine = [](int seat) -> std::shared_ptr<const engine::Doctrine> {
    return std::make_shared<CoProsperityDoctrine>(seat);
  };
  return module;
}

}  // namespace pacwar::co_prosperity
