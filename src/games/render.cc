#include "games/render.h"

#include "games/co_prosperity/render_text.h"
#include "games/pacific_war/render_text.h"

namespace pacwar {

std::string render_board(const std::string& game, const engine::Json& view) {
  if (game == "pacific-war") return pacific_war::render_text(view);
  if (game == "co-prosperity") return co_prosperity::render_text(view);
  return view.dump(2) + "\n";  // a game without a text board: its view as it is
}

std::string render_map(const std::string& game, const engine::Json& view) {
  if (game == "pacific-war")  // the map's geometry is public content, read when asked for
    return pacific_war::render_map(view,
                                   *pacific_war::load_content(pacific_war::default_data_dir()));
  return "";
}

}  // namespace pacwar
