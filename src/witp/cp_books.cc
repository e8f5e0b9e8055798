#include "witp/cp_books.h"

#include "witp/campaign.h"

namespace pacwar::witp {
namespace {

std::int64_t number(const Json& object, const char* key) {
  return object.at(key).get<std::int64_t>();
}

std::optional<std::int64_t> optional_number(const Json& object, const char* key) {
  if (!object.contains(key)) return std::nullopt;
  return object[key].get<std::int64_t>();
}

std::map<std::string, std::int64_t> counts(const Json& object) {
  std::map<std::string, std::int64_t> result;
  for (const auto& [key, value] : object.items()) result[key] = value.get<std::int64_t>();
  return result;
}

Json entry_json(const CpEntry& entry) {
  Json json = {{"assigned", entry.assigned},     {"carried_over", entry.carried_over},
               {"future_ops", entry.future_ops}, {"received", entry.received},
               {"lent_out", entry.lent_out},     {"spent", entry.spent}};
  if (entry.lost) json["lost"] = *entry.lost;
  if (entry.declared_previous) json["declared_previous"] = *entry.declared_previous;
  return json;
}

}  // namespace

CpEntry& SideBooks::entry(const std::string& hq, std::int64_t cycle) {
  return hqs[hq].cycles[cycle_label(cycle)];
}

const CpEntry* SideBooks::find(const std::string& hq, std::int64_t cycle) const {
  const auto record = hqs.find(hq);
  if (record == hqs.end()) return nullptr;
  const auto entry = record->second.cycles.find(cycle_label(cycle));
  return entry == record->second.cycles.end() ? nullptr : &entry->second;
}

SideBooks read_side(const Json& books, const std::string& side) {
  const Json& json = books.at("sides").at(side);
  SideBooks data;
  for (const auto& [hq, record] : json.at("hqs").items()) {
    HqRecord& typed = data.hqs[hq];
    typed.china = record.at("china").get<bool>();
    for (const auto& [label, entry] : record.at("cycles").items()) {
      typed.cycles[label] = {
          number(entry, "assigned"),      number(entry, "carried_over"),
          number(entry, "future_ops"),    number(entry, "received"),
          number(entry, "lent_out"),      number(entry, "spent"),
          optional_number(entry, "lost"), optional_number(entry, "declared_previous")};
    }
  }
  data.reserve_available = number(json, "reserve_available");
  data.reserve_incoming = number(json, "reserve_incoming");
  if (!json.at("future_ops").is_null()) {
    const Json& pool = json["future_ops"];
    data.future_ops =
        FutureOpsPool{number(pool, "target_cycle"), number(pool, "cps"), counts(pool.at("added"))};
  }
  if (json.contains("special_future_ops")) {
    const Json& pool = json["special_future_ops"];
    data.special_future_ops.emplace();
    if (!pool.is_null()) {
      SpecialFutureOpsPool special{number(pool, "target_cycle"), number(pool, "cps"), std::nullopt};
      if (pool.contains("source")) special.source = pool["source"].get<std::string>();
      *data.special_future_ops = special;
    }
  }
  data.si_level = number(json, "si_level");
  data.si_plus_chits = number(json, "si_plus_chits");
  if (json.contains("si_plus_track")) data.si_plus_track = counts(json["si_plus_track"]);
  return data;
}

void write_side(Json& books, const std::string& side, const SideBooks& data) {
  Json hqs = Json::object();
  for (const auto& [hq, record] : data.hqs) {
    Json cycles = Json::object();
    for (const auto& [label, entry] : record.cycles) cycles[label] = entry_json(entry);
    hqs[hq] = {{"china", record.china}, {"cycles", cycles}};
  }
  Json json = {{"hqs", hqs},
               {"reserve_available", data.reserve_available},
               {"reserve_incoming", data.reserve_incoming},
               {"future_ops", nullptr},
               {"si_level", data.si_level},
               {"si_plus_chits", data.si_plus_chits}};
  if (data.future_ops) {
    json["future_ops"] = {{"target_cycle", data.future_ops->target_cycle},
                          {"cps", data.future_ops->cps},
                          {"added", data.future_ops->added}};
  }
  if (data.special_future_ops) {
    json["special_future_ops"] = nullptr;
    if (const auto& pool = *data.special_future_ops) {
      json["special_future_ops"] = {{"target_cycle", pool->target_cycle}, {"cps", pool->cps}};
      if (pool->source) json["special_future_ops"]["source"] = *pool->source;
    }
  }
  if (data.si_plus_track) json["si_plus_track"] = *data.si_plus_track;
  books["sides"][side] = json;
}

}  // namespace pacwar::witp
