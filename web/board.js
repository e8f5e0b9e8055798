// Everything drawn from one view, for any game: the map and the panels around it, drawn by the
// game's web module (web/games/index.js). Shared by the game page (with legal actions) and the
// replay viewer (without).
import { h, setPrintedNames } from './dom.js';
import { panZoomControls } from './panzoom.js';
import { targetsBy, chooseAmong } from './actions.js';
import { gameModule } from './games/index.js';

// opts: {game, content, view, seat, log, legal, selected, onSelect(id), onAction(id)}
// Returns {map, below: [...], side: [...]} (elements), and the node the view suggests showing.
export function drawBoard(opts) {
  const { game: name, content, view, seat, log = [], legal = [] } = opts;
  const game = gameModule(name);
  if (!game) {
    return { selected: null, map: h('p', { class: 'error' }, `This browser page cannot draw the game "${name}".`), below: [], side: [] };
  }
  game.prepare(view, content);
  setPrintedNames([...game.printedNames(content),
                   ...((content.units || {}).units || []).filter((u) => u.name).map((u) => [u.id, u.name])]);
  const unitNode = game.unitNode(view);
  const cardIds = ((view.hands || {})[seat] || {}).cards || [];
  const byNode = targetsBy(legal, game.areaIds(content));
  const byUnit = targetsBy(legal, [...unitNode.keys(), ...game.offMapUnitIds(view)]);
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
  const svg = game.drawMap(content, view, ui);
  const map = h('div', { class: 'map-wrap', 'data-tab': 'map' }, svg, panZoomControls(svg, name, h));
  const mapLegend = h('div', { class: 'legend small muted', 'data-tab': 'map' }, game.legend);
  const panels = game.panels(view, content, { seat, log, legal, selected, isUnit, onUnit, isCard, onCard, onAction: opts.onAction });
  return { selected, map, below: [mapLegend, ...panels.below], side: panels.side.filter(Boolean) };
}
