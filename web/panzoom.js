// Pan and zoom of a map SVG by its viewBox: drag (mouse or one finger) to pan, pinch (two
// fingers) or ctrl+wheel (the wheel alone once zoomed) to zoom, + / − / ⟲ buttons and the keys
// + and - when the map has focus. The map is drawn with "slice": when its box is taller than the
// map (a phone) it fills the box and pans sideways. The view of each map (key) is kept across
// redraws, so an update does not reset it.
const views = new Map();  // key -> {cx, cy, zoom}: the map point at the centre, the zoom factor
const MAX_ZOOM = 6;

function fullOf(svg) {
  const [x, y, w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
  return { x, y, w, h };
}

// The scale (px per map unit) at zoom 1 for the box the SVG has now ("slice": the larger one).
function baseScale(svg) {
  const r = svg.getBoundingClientRect();
  const f = svg.__full;
  if (!r.width || !r.height) return { s: 1, W: f.w, H: f.h };
  return { s: Math.max(r.width / f.w, r.height / f.h), W: r.width, H: r.height };
}

// Keeps the visible window inside the map.
function clamp(svg, v) {
  const f = svg.__full;
  const zoom = Math.min(MAX_ZOOM, Math.max(1, v.zoom));
  const { s, W, H } = baseScale(svg);
  const vw = W / (s * zoom);
  const vh = H / (s * zoom);
  const cx = vw >= f.w ? f.x + f.w / 2 : Math.min(f.x + f.w - vw / 2, Math.max(f.x + vw / 2, v.cx));
  const cy = vh >= f.h ? f.y + f.h / 2 : Math.min(f.y + f.h - vh / 2, Math.max(f.y + vh / 2, v.cy));
  return { cx, cy, zoom };
}

function current(svg, key) {
  const f = svg.__full;
  return views.get(key) || { cx: f.x + f.w / 2, cy: f.y + f.h / 2, zoom: 1 };
}

function apply(svg, key, v) {
  const f = svg.__full;
  const next = clamp(svg, v);
  views.set(key, next);
  const w = f.w / next.zoom;
  const h = f.h / next.zoom;
  svg.setAttribute('viewBox', `${(next.cx - w / 2).toFixed(1)} ${(next.cy - h / 2).toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
  svg.classList.toggle('zoomed', next.zoom > 1.001);
}

// Zooms by `factor` (>1: in) keeping the map point under client (px, py) (or the centre) still.
function zoomAt(svg, key, factor, px, py) {
  const v = current(svg, key);
  const zoom = Math.min(MAX_ZOOM, Math.max(1, v.zoom * factor));
  const r = svg.getBoundingClientRect();
  const { s } = baseScale(svg);
  let { cx, cy } = v;
  if (px !== undefined && r.width) {
    const mx = v.cx + (px - (r.left + r.width / 2)) / (s * v.zoom);
    const my = v.cy + (py - (r.top + r.height / 2)) / (s * v.zoom);
    cx = mx + (v.cx - mx) * (v.zoom / zoom);
    cy = my + (v.cy - my) * (v.zoom / zoom);
  }
  apply(svg, key, { cx, cy, zoom });
}

export function panZoomControls(svg, key, h) {
  const btn = (label, title, fn) => h('button', { type: 'button', class: 'secondary', title, 'aria-label': title, onclick: fn }, label);
  return h('div', { class: 'zoom-controls' },
    btn('+', 'Zoom in', () => zoomAt(svg, key, 1.5)),
    btn('−', 'Zoom out', () => zoomAt(svg, key, 1 / 1.5)),
    btn('⟲', 'Show the whole map', () => { views.delete(key); apply(svg, key, current(svg, key)); views.delete(key); }));
}

export function attachPanZoom(svg, key) {
  svg.__full = fullOf(svg);
  svg.setAttribute('preserveAspectRatio', 'xMidYMid slice');
  // The kept view at once, fitted to the box once the SVG is in the page.
  if (views.has(key)) {
    const v = views.get(key);
    const w = svg.__full.w / v.zoom;
    const h = svg.__full.h / v.zoom;
    svg.setAttribute('viewBox', `${(v.cx - w / 2).toFixed(1)} ${(v.cy - h / 2).toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
    svg.classList.toggle('zoomed', v.zoom > 1.001);
    requestAnimationFrame(() => { if (svg.isConnected && views.has(key)) apply(svg, key, views.get(key)); });
  }
  const pointers = new Map();
  let start = null;  // {v, pts, dist, s}
  let dragged = false;
  const begin = () => {
    const pts = [...pointers.values()];
    const dist = pts.length > 1 ? Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y) : 0;
    start = { v: { ...current(svg, key) }, pts, dist, s: baseScale(svg).s };
  };
  svg.addEventListener('pointerdown', (e) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    dragged = false;
    begin();
  });
  svg.addEventListener('pointermove', (e) => {
    if (!pointers.has(e.pointerId) || !start) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const pts = [...pointers.values()];
    if (pts.length === 1) {
      const dx = pts[0].x - start.pts[0].x;
      const dy = pts[0].y - start.pts[0].y;
      if (!dragged && Math.hypot(dx, dy) < 6) return;
      if (!dragged) svg.setPointerCapture(e.pointerId);
      dragged = true;
      const k = start.s * start.v.zoom;
      apply(svg, key, { ...start.v, cx: start.v.cx - dx / k, cy: start.v.cy - dy / k });
    } else if (pts.length === 2 && start.dist) {
      dragged = true;
      const dist = Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y);
      views.set(key, start.v);
      zoomAt(svg, key, dist / start.dist, (pts[0].x + pts[1].x) / 2, (pts[0].y + pts[1].y) / 2);
    }
  });
  const end = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size) begin();
    else start = null;
  };
  svg.addEventListener('pointerup', end);
  svg.addEventListener('pointercancel', end);
  // A drag is not a click on the node under it.
  svg.addEventListener('click', (e) => {
    if (dragged) {
      e.stopPropagation();
      e.preventDefault();
      dragged = false;
    }
  }, true);
  svg.addEventListener('wheel', (e) => {
    if (!e.ctrlKey && !svg.classList.contains('zoomed')) return;  // let the page scroll
    e.preventDefault();
    zoomAt(svg, key, e.deltaY < 0 ? 1.25 : 1 / 1.25, e.clientX, e.clientY);
  }, { passive: false });
  svg.addEventListener('keydown', (e) => {
    if (e.key === '+' || e.key === '=') zoomAt(svg, key, 1.5);
    else if (e.key === '-') zoomAt(svg, key, 1 / 1.5);
    else return;
    e.preventDefault();
  });
}

// Brings the map point (x, y) to the middle of the visible window (keeping the zoom).
export function centerOn(svg, key, x, y) {
  if (!svg.__full) return;
  apply(svg, key, { ...current(svg, key), cx: x, cy: y });
}
