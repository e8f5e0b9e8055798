// The Pacific War in the browser: its map, its panels (status, VP track, Turn Track, hands,
// the combat, the selected OZ), its counters and legend (interface: web/games/index.js).
import { pretty, cap } from '../dom.js';
import { GEO } from '../geo.js';
import { setupPool } from '../setup_pool.js';
import { drawPwMap } from './pacific-war/map.js';
import { pwCounter } from './pacific-war/counter.js';
import { pwStatus, pwTurnTrack, pwVpTrack, handPanel, pwCombat, pwStack, pwUnitNode } from './pacific-war/panels.js';

// Each unit of the view gets its nationality and type from units.json (for its counter's
// colours and silhouette).
function withUnitData(view, content) {
  const defs = new Map(((content.units || {}).units || []).map((u) => [u.id, u]));
  const fill = (u) => {
    const d = defs.get(u.id);
    if (d && u.nation === undefined) {
      u.nation = d.nation;
      u.type = d.type;
    }
  };
  for (const o of view.ozs || []) for (const u of o.units || []) fill(u);
  for (const us of Object.values(view.turn_track || {})) for (const u of us) fill(u);
  for (const u of (view.setup_pool || {}).units || []) fill(u);
}

export default {
  name: 'pacific-war',
  title: 'The Pacific War',
  geo: GEO['pacific-war'],
  // The map's areas as map.json lists them ({id, name, x, y}), and the ids an action may name.
  areas: (content) => content.map.ozs,
  areaIds: (content) => content.map.ozs.map((o) => o.id),
  // Names printed on the map and counters, for action labels (dom.js setPrintedNames).
  printedNames: (content) => content.map.ozs.map((o) => [o.id, o.name || pretty(o.id)]),
  prepare: withUnitData,
  unitNode: pwUnitNode,
  // Units on the Turn Track (damaged ships, reinforcements) that an action may name.
  offMapUnitIds: (view) => Object.values(view.turn_track || {}).flat().map((u) => u.id),
  // The side a unit fights for when the view does not say (the animations).
  unitSide: (unit) => unit.side || (unit.id.startsWith('J-') ? 'japanese' : 'allied'),
  // "Turn 2 · Strategy phase · Initiative: japanese".
  when: (view) => `Turn ${view.turn} · ${cap(view.phase || '')} phase${view.active ? ` · Initiative: ${view.active}` : ''}`,
  drawMap: drawPwMap,
  legend: 'Ring colour: control (red Japanese, blue Allied) · number: Port VP · flag: port owner · B: Base marker · ○ on a route: Nav Point · light blue dashes: restricted route (8.8) · chips: units, grey tab: Ops Complete',
  // The panels around the map: {below: [...], side: [...]}. ctx: {seat, log, legal, selected,
  // isUnit, onUnit, isCard, onCard, onAction}.
  panels(view, content, ctx) {
    const { seat, log, legal, selected, isUnit, onUnit, isCard, onCard, onAction } = ctx;
    return {
      below: [pwVpTrack(view), pwTurnTrack(view, { isTarget: isUnit, onUnit })],
      side: [setupPool(view, { legal, onAction, rule: '14.1–14.2', counter: (u, size) => pwCounter(u, { size }) }),
             pwCombat(view, log), pwStack(view, selected, { isTarget: isUnit, onUnit }),
             handPanel(view, seat, { isTarget: isCard, onCard }), pwStatus(view)],
    };
  },
};
