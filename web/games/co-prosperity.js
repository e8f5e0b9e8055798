// Greater East Asia Co-Prosperity Sphere in the browser: its map, its panels (status, Production
// Track and pools, hands, the combat, the selected space), its counters and legend
// (interface: web/games/index.js).
import { pretty } from '../dom.js';
import { GEO } from '../geo.js';
import { setupPool } from '../setup_pool.js';
import { drawCpsMap, RETREAT_BOXES } from './co-prosperity/map.js';
import { cpsCounter } from './co-prosperity/counter.js';
import { cpsStatus, cpsTracks, cpsHand, cpsCombat, cpsStack, cpsUnitNode } from './co-prosperity/panels.js';

const defsOf = (content) => new Map(((content.units || {}).units || []).map((u) => [u.id, u]));

export default {
  name: 'co-prosperity',
  title: 'Co-Prosperity Sphere',
  geo: GEO['co-prosperity'],
  areas: (content) => content.map.spaces,
  areaIds: (content) => [...content.map.spaces.map((o) => o.id), ...RETREAT_BOXES.map((b) => b.id)],
  printedNames: (content) => [...content.map.spaces.map((o) => [o.id, o.name || pretty(o.id)]),
                              ...RETREAT_BOXES.map((b) => [b.id, b.name])],
  prepare: () => {},
  unitNode: cpsUnitNode,
  offMapUnitIds: () => [],
  // A unit's side by its nation in units.json (Japanese units' ids also begin "J-").
  unitSide: (unit, content) => {
    const d = content ? defsOf(content).get(unit.id) : null;
    const nation = d ? d.nation : unit.id.startsWith('J-') ? 'japan' : 'us';
    return nation === 'japan' ? 'japanese' : 'allied';
  },
  // "1942, Turn 4".
  when: (view) => `${view.year}, Turn ${view.turn}`,
  drawMap: drawCpsMap,
  legend: 'Ring colour: control (red Japanese, blue Allied) · double ring: home space · ⚓ port · squares: production · boxes: Retreat Boxes (joined by sea to the home ports of their side) · solid brown: land route · dashed: sea route (number: distance) · chips: units (click a space)',
  panels(view, content, ctx) {
    const { seat, log, legal, selected, isUnit, onUnit, isCard, onCard, onAction } = ctx;
    const defs = defsOf(content);
    return {
      below: [cpsTracks(view, content, { isTarget: isUnit, onUnit })],
      side: [setupPool(view, { legal, onAction, rule: '3.1', counter: (u, size) => cpsCounter(u, defs.get(u.id), { size }) }),
             cpsCombat(log), cpsStack(view, content, selected, { isTarget: isUnit, onUnit }),
             cpsHand(view, seat, content, { isTarget: isCard, onCard }), cpsStatus(view)],
    };
  },
};
