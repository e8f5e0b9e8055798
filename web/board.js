// Everything drawn from one view, for either game: the map and the panels around it.
// Shared by the game page (with legal actions) and the replay viewer (without).
import { h, setPrintedNames, pretty } from './dom.js';
import { drawPwMap, drawCpsMap, nodeIds } from './map.js';
import { panZoomControls } from './panzoom.js';
import { targetsBy, chooseAmong } from './actions.js';
import { pwStatus, pwTurnTrack, pwVpTrack, handPanel, pwCombat, pwStack, pwUnitNode } from './pw_panels.js';
import { setupPool } from './setup_pool.js';
import { pwCounter, cpsCounter } from './counters.js';
import { cpsStatus, cpsTracks, cpsHand, cpsCombat, cpsStack, cpsUnitNode } from './cps_panels.js';

// opts: {game, content, view, seat, log, legal, selected, onSelect(id), onAction(id)}
// Returns {map, below: [...], side: [...]} (elements), and the node the view suggests showing.
export function drawBoard(opts) {
  const { game, content, view, seat, log = [], legal = [] } = opts;
  const cps = game === 'co-prosperity';
  if (!cps) withUnitData(view, content);
  setPrintedNames([...(cps ? content.map.spaces : content.map.ozs).map((o) => [o.id, o.name || pretty(o.id)]),
                   ['Japanese-Retreat-Box', 'Japanese Retreat Box'], ['Allied-Retreat-Box', 'Allied Retreat Box'],
                   ...((content.units || {}).units || []).filter((u) => u.name).map((u) => [u.id, u.name])]);
  const unitNode = cps ? cpsUnitNode(view) : pwUnitNode(view);
  const cardIds = ((view.hands || {})[seat] || {}).cards || [];
  const byNode = targetsBy(legal, nodeIds(game, content));
  const byUnit = targetsBy(legal, [...unitNode.keys(), ...trackUnitIds(view)]);
  const byCard = targetsBy(legal, cardIds.map((c) => c.id));
  const act = (actions, e) => chooseAmong(actions, e, opts.onAction);
  const onUnit = (id, e) => act(byUnit.get(id) || [], e);
  const onCard = (id, e) => act(byCard.get(id) || [], e);
  const isUnit = (id) => byUnit.has(id);
  const isCard = (id) => byCard.has(id);

  let selected = opts.selected;
  const combatAt = view.combat ? view.combat.oz : null;
  if (combatAt) selected = combatAt;
  else if (!selected) {
    const named = [...byUnit.keys()].map((u) => unitNode.get(u)).find(Boolean);
    if (named) selected = named;
  }
  const ui = {
    targets: byNode, selected, combatAt,
    onNode: (id, e) => {
      opts.onSelect(id);
      act(byNode.get(id) || [], e);
    },
  };
  const svg = cps ? drawCpsMap(content, view, ui) : drawPwMap(content, view, ui);
  const map = h('div', { class: 'map-wrap', 'data-tab': 'map' }, svg, panZoomControls(svg, game, h));
  const mapLegend = h('div', { class: 'legend small muted', 'data-tab': 'map' }, cps
    ? 'Ring colour: control (red Japanese, blue Allied) · double ring: home space · ⚓ port · squares: production · boxes: Retreat Boxes (joined by sea to the home ports of their side) · solid brown: land route · dashed: sea route (number: distance) · chips: units (click a space)'
    : 'Ring colour: control (red Japanese, blue Allied) · number: Port VP · flag: port owner · B: Base marker · ○ on a route: Nav Point · light blue dashes: restricted route (8.8) · chips: units, grey tab: Ops Complete');
  if (cps) {
    const cpsDefs = new Map(((content.units || {}).units || []).map((u) => [u.id, u]));
    return {
      selected,
      map, below: [mapLegend, cpsTracks(view, content, { isTarget: isUnit, onUnit })],
      side: [setupPool(view, { legal, onAction: opts.onAction, rule: '3.1', counter: (u, size) => cpsCounter(u, cpsDefs.get(u.id), { size }) }),
             cpsCombat(log), cpsStack(view, content, selected, { isTarget: isUnit, onUnit }),
             cpsHand(view, seat, content, { isTarget: isCard, onCard }), cpsStatus(view)].filter(Boolean),
    };
  }
  return {
    selected,
    map, below: [mapLegend, pwVpTrack(view), pwTurnTrack(view, { isTarget: isUnit, onUnit })],
    side: [setupPool(view, { legal, onAction: opts.onAction, rule: '14.1–14.2', counter: (u, size) => pwCounter(u, { size }) }),
           pwCombat(view, log), pwStack(view, selected, { isTarget: isUnit, onUnit }),
           handPanel(view, seat, { isTarget: isCard, onCard }), pwStatus(view)].filter(Boolean),
  };
}

function trackUnitIds(view) {
  return Object.values(view.turn_track || {}).flat().map((u) => u.id);
}

// Each Pacific War unit of the view gets its nationality and type from units.json (for its
// counter's colours and silhouette).
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
