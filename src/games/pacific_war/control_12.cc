// 12.0 Control: Air Superiority Zones (12.1), bases (12.2), ports held as bases and captured
// ports (12.3). Port ownership changes only by capture (10.2); everything else follows from
// where the units are and from the markers already placed.
#include <bit>

#include "games/pacific_war/paths.h"
#include "games/pacific_war/rules.h"

namespace pacwar::pacific_war {

// 12.1 / 12.2 C: `side` projects air power into `oz` from an adjacent OZ (open route, no Nav
// Point) holding its LBA and no enemy Naval units.
AirMasks air_superiority_masks(const PwState& s) {
  AirMasks asz{};
  const auto& near = neighbors_1mp(s);  // open routes without a Nav Point
  for (int side : {kJapanese, kAllied}) {
    const std::uint32_t projects = s.lba_ozs[static_cast<std::size_t>(side)] &
                                   ~s.naval_ozs[static_cast<std::size_t>(1 - side)];
    for (std::uint32_t m = projects; m != 0; m &= m - 1)
      asz[static_cast<std::size_t>(side)] |= near[static_cast<std::size_t>(std::countr_zero(m))];
  }
  return asz;
}

bool air_superiority(const PwState& s, int side, int oz) {
  return ((air_superiority_masks(s)[static_cast<std::size_t>(side)] >> oz) & 1u) != 0;
}

namespace {

// 12.2 for a Base: the controlling side, or -1 for none, or -2 to leave the marker as it is.
int base_control(const PwState& s, int oz, const AirMasks& air) {
  const bool lba[2] = {has_lba(s, kJapanese, oz), has_lba(s, kAllied, oz)};
  const bool nav[2] = {has_naval(s, kJapanese, oz), has_naval(s, kAllied, oz)};
  const bool asz[2] = {((air[kJapanese] >> oz) & 1u) != 0, ((air[kAllied] >> oz) & 1u) != 0};
  for (int side : {kJapanese, kAllied}) {
    const int foe = 1 - side;
    if (lba[side] && !lba[foe] && !nav[foe]) return side;  // A
  }
  for (int side : {kJapanese, kAllied}) {
    const int foe = 1 - side;
    if (nav[side] && !nav[foe] && !lba[foe]) return asz[foe] ? -1 : side;  // B, or cancelled
  }
  if (nav[0] || nav[1] || lba[0] || lba[1]) return -2;  // both sides present: combat pending
  if (asz[0] && asz[1]) return -1;                      // both project: neither controls
  for (int side : {kJapanese, kAllied})
    if (asz[side]) return side;  // C
  return -2;                     // nothing there: the marker stays (12.0)
}

// 12.2 / 12.3 for a Port owned by `owner`: sets the enemy Base marker or the contested state.
void port_overlay(PwState& s, int oz, const AirMasks& air) {
  const int owner = s.port_owner[oz];
  const int foe = 1 - owner;
  const bool foe_lba = has_lba(s, foe, oz);
  const bool foe_nav = has_naval(s, foe, oz);
  const bool own_units = has_units(s, owner, oz);
  set_base_marker(s, oz, -1);
  set_contested(s, oz, false);
  if (own_units && (foe_lba || foe_nav)) {
    set_contested(s, oz, true);  // both present (a combat is pending): nobody uses the Port
    return;
  }
  if (foe_lba) {
    set_base_marker(s, oz, foe);  // A
  } else if (foe_nav) {
    if ((air[static_cast<std::size_t>(owner)] >> oz) & 1u)
      set_contested(s, oz, true);  // 12.3.1: neither player controls it
    else
      set_base_marker(s, oz, foe);  // B
  }
  // 12.3.3: with no enemy units left the Port is its owner's again.
}

// The OZs where base_control(s, oz, air) is a side or -1 and differs from base_marker[oz].
std::uint32_t base_changes(const PwState& s, const AirMasks& air) {
  const std::uint32_t asz[2] = {air[kJapanese], air[kAllied]};
  const std::uint32_t lba[2] = {s.lba_ozs[kJapanese], s.lba_ozs[kAllied]};
  const std::uint32_t nav[2] = {s.naval_ozs[kJapanese], s.naval_ozs[kAllied]};
  std::uint32_t ctl[2] = {0, 0};  // base_control gives the side
  std::uint32_t none = 0;         // base_control gives -1
  std::uint32_t decided = 0;
  for (int side : {kJapanese, kAllied}) {  // A
    const int foe = 1 - side;
    ctl[side] |= lba[side] & ~lba[foe] & ~nav[foe];
  }
  decided = ctl[0] | ctl[1];
  for (int side : {kJapanese, kAllied}) {  // B, or cancelled by the enemy's Air Superiority
    const int foe = 1 - side;
    const std::uint32_t b = nav[side] & ~nav[foe] & ~lba[foe] & ~decided;
    ctl[side] |= b & ~asz[foe];
    none |= b & asz[foe];
  }
  const std::uint32_t empty = ~(nav[0] | nav[1] | lba[0] | lba[1]);
  none |= empty & asz[0] & asz[1];             // both project: neither controls
  ctl[kJapanese] |= empty & asz[0] & ~asz[1];  // C
  ctl[kAllied] |= empty & asz[1] & ~asz[0];
  const std::uint32_t marked = s.marker_ozs[kJapanese] | s.marker_ozs[kAllied];
  return (ctl[kJapanese] & ~s.marker_ozs[kJapanese]) | (ctl[kAllied] & ~s.marker_ozs[kAllied]) |
         (none & marked);
}

// The Ports whose port_overlay result differs from the marker and contested state they have
// (port_overlay would write the others as they are): port_overlay for all Ports by masks.
std::uint32_t port_changes(const PwState& s, const AirMasks& air) {
  std::uint32_t changed = 0;
  for (int owner : {kJapanese, kAllied}) {
    const auto o = static_cast<std::size_t>(owner);
    const auto foe = static_cast<std::size_t>(1 - owner);
    const std::uint32_t ports = s.content().port_mask & s.port_ozs[o];
    const std::uint32_t foe_lba = s.lba_ozs[foe];
    const std::uint32_t foe_nav = s.naval_ozs[foe];
    const std::uint32_t both = occupied_ozs(s, owner) & (foe_lba | foe_nav);
    const std::uint32_t contested = both | (~foe_lba & foe_nav & air[o]);      // 12.3.1
    const std::uint32_t foe_marker = ~both & (foe_lba | (foe_nav & ~air[o]));  // A, B
    changed |= ports &
               ((contested ^ s.contested_ozs) | (foe_marker ^ s.marker_ozs[foe]) | s.marker_ozs[o]);
  }
  return changed;
}

}  // namespace

void remove_fleet_train_if_japanese_present(PwState& s, Log log) {
  if (s.fleet_train_oz < 0 || !has_naval(s, kJapanese, s.fleet_train_oz)) return;
  log_line(
      log,
      [&] {
        return "A Japanese Naval unit is at " + oz_name(s, s.fleet_train_oz) +
               ": the Fleet Train marker is removed.";
      },
      "8.7");
  s.fleet_train_oz = -1;
}

void update_control(PwState& s, Log log) {
  const Content& c = s.content();
  remove_fleet_train_if_japanese_present(s, log);  // 8.7
  const AirMasks air = air_superiority_masks(s);
  // Only the Fleet Train's OZ, and the Ports and Bases whose 12.2 / 12.3 result (port_overlay,
  // base_control: here for all OZs at once by masks) differs from what they have need a visit.
  std::uint32_t visit = port_changes(s, air) | (base_changes(s, air) & ~c.port_mask);
  if (s.fleet_train_oz >= 0) visit |= oz_bit(s.fleet_train_oz);
  for (std::uint32_t m = visit; m != 0; m &= m - 1) {
    const int oz = std::countr_zero(m);
    if (c.ozs[oz].port) {
      const int before = controller(s, oz);
      port_overlay(s, oz, air);
      const int after = controller(s, oz);
      if (before != after)
        log_line(
            log,
            [&] {
              return oz_name(s, oz) + ": " +
                     (after < 0 ? std::string("controlled by neither player")
                      : s.base_marker[oz] >= 0
                          ? side_name(after) + " Base marker on the " +
                                side_name(s.port_owner[oz]) + " Port"
                          : (after == kAllied ? std::string("an ") : std::string("a ")) +
                                side_name(after) + " Port again");
            },
            "12.3");
      continue;
    }
    if (s.fleet_train_oz == oz) {
      set_base_marker(s, oz, kAllied);  // 8.7: the Fleet Train holds its Base
      continue;
    }
    if (divisions_hold_base(s, oz)) continue;  // 13.6.1: only a Port Invasion removes them
    const int ctl = base_control(s, oz, air);
    if (ctl == -2 || ctl == s.base_marker[oz]) continue;
    set_base_marker(s, oz, ctl);
    log_line(
        log,
        [&] {
          return oz_name(s, oz) + ": " +
                 (ctl < 0 ? std::string("Base controlled by neither player")
                          : side_name(ctl) + " Base control");
        },
        "12.2");
  }
}

void capture_port(PwState& s, int side, int oz, Log log) {
  set_port_owner(s, oz, side);
  set_base_marker(s, oz, -1);
  set_contested(s, oz, false);
  log_line(
      log, [&] { return side_name(side) + " capture the Port of " + oz_name(s, oz) + "."; },
      "10.2");
  lose_repairs_at_occupied_ports(s, log);  // 6.1.7 / 10.3.1 (reinforcements_6.cc)
  divisions_port_captured(s, oz, log);     // 13.6.3
}

}  // namespace pacwar::pacific_war
