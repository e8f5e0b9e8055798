// Pan and zoom of a map SVG by its viewBox: drag (mouse or one finger) to pan, pinch (two
// fingers) or ctrl+wheel (the wheel alone once zoomed) to zoom, + / − / ⟲ buttons and the keys + - 0 when the map has focus.
// The view of each map (key) is kept across redraws, so an update does not reset it.
const views = new Map();  // key -> {x, y, w, h} (the viewBox shown)
const MIN_ZOOM = 1;
const MAX_ZOOM = 6;

function fullOf(svg) {
  const [x, y, w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
  return { x, y, w, h };
}

function clamp(v, full) {
  const w = Math.min(full.w, Math.max(full.w / MAX_ZOOM, v.w));
  const h = (w / full.w) * full.h;
  const x = Math.min(full.x + full.w - w, Math.max(full.x, v.x));
  const y = Math.min(full.y + full.h - h, Math.max(full.y, v.y));
  return { x, y, w, h };
}

function apply(svg, v) {
  svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
  svg.classList.toggle('zoomed', v.w < svg.__full.w - 0.5);
}

// Zooms by `factor` (>1: in) about the map point under client (cx, cy), or the centre.
function zoomAt(svg, key, factor, cx, cy) {
  const full = svg.__full;
  const v = views.get(key) || full;
  const r = svg.getBoundingClientRect();
  const fx = cx === undefined || !r.width ? 0.5 : (cx - r.left) / r.width;
  const fy = cy === undefined || !r.height ? 0.5 : (cy - r.top) / r.height;
  const w = Math.min(full.w / MIN_ZOOM, Math.max(full.w / MAX_ZOOM, v.w / factor));
  const h = (w / full.w) * full.h;
  const next = clamp({ x: v.x + (v.w - w) * fx, y: v.y + (v.h - h) * fy, w, h }, full);
  views.set(key, next);
  apply(svg, next);
}

export function panZoomControls(svg, key, h) {
  const btn = (label, title, fn) => h('button', { type: 'button', class: 'secondary', title, 'aria-label': title, onclick: fn }, label);
  return h('div', { class: 'zoom-controls' },
    btn('+', 'Zoom in', () => zoomAt(svg, key, 1.5)),
    btn('−', 'Zoom out', () => zoomAt(svg, key, 1 / 1.5)),
    btn('⟲', 'Show the whole map', () => { views.delete(key); apply(svg, svg.__full); }));
}

export function attachPanZoom(svg, key) {
  svg.__full = fullOf(svg);
  if (views.has(key)) apply(svg, clamp(views.get(key), svg.__full));
  const pointers = new Map();
  let start = null;  // {v, pts, dist}
  let dragged = false;
  const unitsPerPx = () => {
    const r = svg.getBoundingClientRect();
    const v = views.get(key) || svg.__full;
    return r.width ? v.w / r.width : 1;
  };
  const begin = () => {
    const pts = [...pointers.values()];
    const dist = pts.length > 1 ? Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y) : 0;
    start = { v: { ...(views.get(key) || svg.__full) }, pts, dist, k: unitsPerPx() };
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
      const next = clamp({ ...start.v, x: start.v.x - dx * start.k, y: start.v.y - dy * start.k }, svg.__full);
      views.set(key, next);
      apply(svg, next);
    } else if (pts.length === 2 && start.dist) {
      dragged = true;
      const dist = Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y);
      views.set(key, start.v);
      const cx = (pts[0].x + pts[1].x) / 2;
      const cy = (pts[0].y + pts[1].y) / 2;
      zoomAt(svg, key, dist / start.dist, cx, cy);
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
