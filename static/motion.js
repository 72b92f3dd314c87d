// Moving pieces (docs/motion.md). The page replaces its HTML on every repaint, so pieces are
// moved the FLIP way: web/browser/ calls tableMotion.before(root) just before it replaces
// the screen (where is every [data-key] element now?) and tableMotion.after(root, animate)
// just after (what moved? play it from the old place to the new one with element.animate).
//
// - A board figure (SVG, data-at="x,y" in the board's units) that changed places walks along
//   the part of its trail this turn (data-trail="x,y x,y …") from its old place to the new one,
//   else straight there. Figures move one after another in the log's order (data-order); those
//   without a trail to follow move together last. ~200 ms a space, at most 3 s in all.
// - Any other [data-key] element slides from its old box when its place (data-place on it or
//   on an ancestor) changed: a tile from a bag into a player's loot, a card from the hand to a
//   target.
// - <html data-motion="normal|slow|off"> (the menu's setting): slow takes 2.5 times as long,
//   off moves nothing; prefers-reduced-motion: reduce moves nothing whatever the setting.
// - A repaint first finishes the running animations: no piece is left half-way.
(() => {
  "use strict";
  const STEP_MS = 200;  // one space of a figure's trail
  const SLIDE_MS = 300;  // a straight move, of a figure or a card
  const CAP_MS = 3000;  // all the figures of one repaint (a whole guard phase) at most
  const SLOW = 2.5;
  const NEAR = 20;  // board units: a figure beside a space's centre is on that space
  const reduced = window.matchMedia
    ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };
  let shown = new Map();  // key -> where it was at the last repaint
  let running = [];
  let started = 0;  // animations started since the page loaded (tests read data-motions)

  function mode() {
    if (reduced.matches) return "off";
    const chosen = document.documentElement.dataset.motion;
    return chosen === "slow" || chosen === "off" ? chosen : "normal";
  }

  function point(text) {
    const [x, y] = text.split(",").map(Number);
    return { x, y };
  }

  function where(el) {
    const at = el.getAttribute("data-at");
    if (at !== null) return { svg: true, ...point(at) };
    const box = el.getBoundingClientRect();
    if (!box.width && !box.height) return null;  // not shown
    const holder = el.closest("[data-place]");
    return { svg: false, x: box.left + window.scrollX, y: box.top + window.scrollY,
             place: holder ? holder.getAttribute("data-place") : "" };
  }

  function each(root, fn) {
    const seen = new Set();  // a key's first element only
    for (const el of root.querySelectorAll("[data-key]")) {
      const key = el.getAttribute("data-key");
      if (!seen.has(key)) {
        seen.add(key);
        fn(key, el);
      }
    }
  }

  // Finish what is still moving: every piece at its place.
  function settle() {
    for (const animation of running) {
      try { animation.finish(); } catch (error) { animation.cancel(); }
    }
    running = [];
  }

  function before(root) {
    settle();
    shown = new Map();
    if (mode() === "off") return;  // nothing will move: no need to measure
    each(root, (key, el) => {
      const place = where(el);
      if (place) shown.set(key, place);
    });
  }

  const far = (a, b, d) => Math.hypot(a.x - b.x, a.y - b.y) > d;

  // The points a figure passes from ``was`` to ``now`` (and whether they follow its trail):
  // along its trail when the trail ends where it is now and passes where it was, else straight.
  function walk(el, was, now) {
    const text = el.getAttribute("data-trail");
    const trail = text ? text.split(" ").map(point) : [];
    const last = trail.length - 1;
    if (last > 0 && !far(trail[last], now, NEAR)) {
      for (let i = last - 1; i >= 0; i--) {
        if (!far(trail[i], was, NEAR)) {
          return { points: [was, ...trail.slice(i + 1, last), now], trailed: true };
        }
      }
    }
    return { points: [was, now], trailed: false };
  }

  function keyframes(points, end) {
    const lengths = [0];
    for (let i = 1; i < points.length; i++) {
      lengths.push(lengths[i - 1] + Math.hypot(points[i].x - points[i - 1].x,
                                               points[i].y - points[i - 1].y));
    }
    const total = lengths[lengths.length - 1] || 1;
    return points.map((p, i) => ({
      transform: `translate(${p.x - end.x}px, ${p.y - end.y}px)`,
      offset: lengths[i] / total,
    }));
  }

  function play(el, frames, duration, delay) {
    const animation = el.animate(frames, {
      duration, delay, easing: "ease-in-out", fill: "backwards",
    });
    el.setAttribute("data-moving", "");
    const done = () => {
      el.removeAttribute("data-moving");
      running = running.filter((a) => a !== animation);
    };
    animation.addEventListener("finish", done);
    animation.addEventListener("cancel", done);
    running.push(animation);
    started += 1;
  }

  // After the repaint: move what moved. Returns how long the moves take (ms).
  function after(root, animate) {
    const old = shown;
    shown = new Map();
    const how = mode();
    if (!animate || how === "off" || !old.size) return 0;
    const scale = how === "slow" ? SLOW : 1;
    const figures = [];
    const slides = [];
    each(root, (key, el) => {
      const was = old.get(key);
      const now = was && where(el);
      if (!now || now.svg !== was.svg) return;
      if (now.svg) {
        if (!far(was, now, 0.5)) return;
        const { points, trailed } = walk(el, was, now);
        const order = trailed ? Number(el.getAttribute("data-order")) : NaN;
        figures.push({ el, points, order: Number.isFinite(order) ? order : Infinity, now });
      } else if (now.place !== was.place && far(was, now, 1)) {
        slides.push({ el, dx: was.x - now.x, dy: was.y - now.y });
      }
    });
    // figures: one after another in the log's order, the rest together at the end
    figures.sort((a, b) => (a.order > b.order) - (a.order < b.order));
    const plan = [];
    let at = 0;
    let rest = 0;
    for (const f of figures) {
      const duration = Math.max((f.points.length - 1) * STEP_MS, SLIDE_MS);
      if (f.order === Infinity) {
        plan.push({ f, duration, delay: null });
        rest = Math.max(rest, duration);
      } else {
        plan.push({ f, duration, delay: at });
        at += duration;
      }
    }
    const total = at + rest;
    const fit = total > CAP_MS ? CAP_MS / total : 1;
    for (const { f, duration, delay } of plan) {
      play(f.el, keyframes(f.points, f.now), duration * fit * scale,
           (delay === null ? at : delay) * fit * scale);
    }
    for (const s of slides) {
      play(s.el, [{ transform: `translate(${s.dx}px, ${s.dy}px)` },
                  { transform: "translate(0px, 0px)" }], SLIDE_MS * scale, 0);
    }
    if (figures.length || slides.length) root.setAttribute("data-motions", String(started));
    return Math.max(figures.length ? total * fit : 0, slides.length ? SLIDE_MS : 0) * scale;
  }

  window.tableMotion = { before, after, settle };
})();
