#include "cli/cards.h"

#include "engine/errors.h"
#include "games/pacific_war/content.h"
#include "games/pacific_war/rules.h"

namespace pacwar::cli {

engine::Json cards_json(const std::string& game) {
  if (game != "pacific-war")
    throw engine::UsageError("'" + game + "' has no card events to list (try pacific-war)");
  namespace pw = pacific_war;
  const auto content = pw::load_content(pw::default_data_dir());
  engine::Json ends = engine::Json::array();
  for (int side : {pw::kJapanese, pw::kAllied})
    for (const pw::CardDef& card : content->cards)
      ends.push_back(
          pw::card_event_json(side == pw::kJapanese ? card.japanese : card.allied, *content));
  return ends;
}

}  // namespace pacwar::cli
