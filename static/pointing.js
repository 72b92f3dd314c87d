// Pointing at a thing (docs/table.md, "Pointing"): elements that name the same thing of the game
// carry the same key in data-ref (space-separated, e.g. a board space "S24", an order "O06").
// Hovering or (visibly) focusing one lights every element sharing a key (class "lit"): an
// option lights its space or card, the space lights its option. A click on a drawn thing (not
// a control) that only one option of the decision names chooses that option, as if pressed.
(() => {
  "use strict";
  const DECISION = ".decision [data-ev][data-ref]:not([disabled]):not([aria-disabled=true])";
  let lit = [];

  function refs(el) {
    return el.dataset.ref.split(/\s+/).filter(Boolean);
  }

  function keys(el) {
    const ref = el && el.closest ? el.closest("[data-ref]") : null;
    return ref ? refs(ref) : [];
  }

  // the elements matching selector that name one of the keys
  function naming(selector, names) {
    const app = document.getElementById("app");
    if (!app || !names.length) return [];
    const wanted = new Set(names);
    return [...app.querySelectorAll(selector)].filter((el) => refs(el).some((k) => wanted.has(k)));
  }

  function light(target) {
    for (const el of lit) el.classList.remove("lit");
    lit = naming("[data-ref]", keys(target));
    for (const el of lit) el.classList.add("lit");
  }

  // a touch screen's browser sends "mouse" boundary events when the page changes under the
  // spot last tapped: only a real hover lights
  const hovers = window.matchMedia ? window.matchMedia("(hover: hover)") : { matches: true };
  document.addEventListener("pointerover", (e) => {
    if (e.pointerType !== "mouse" || hovers.matches) light(e.target);
  });
  document.addEventListener("pointerout", (e) => { if (!e.relatedTarget) light(null); });
  // a finger lights while it rests on a thing; lifted, nothing stays lit
  document.addEventListener("pointerup", (e) => { if (e.pointerType !== "mouse") light(null); });
  // only a focus the person can see lights (keyboard), not the one the page moves to the next
  // decision after a tap: that would read as advice
  document.addEventListener("focusin", (e) => {
    if (e.target.matches && e.target.matches(":focus-visible")) light(e.target);
  });
  document.addEventListener("focusout", () => light(null));
  // does el show on the screen, above the bottom edge given and inside every box that clips
  // it (a board scrolled in its own box): half of it at least, or of the room it may take?
  function shows(el, bottom) {
    let top = 0, left = 0, right = window.innerWidth;
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const r = box.getBoundingClientRect();
      top = Math.max(top, r.top);
      bottom = Math.min(bottom, r.bottom);
      left = Math.max(left, r.left);
      right = Math.min(right, r.right);
    }
    const r = el.getBoundingClientRect();
    const part = (low, high, from, to) => {
      const room = Math.min(high - low, to - from);
      return room > 0 ? (Math.min(high, to) - Math.max(low, from)) / room : 0;
    };
    return part(r.top, r.bottom, top, bottom) >= .5 && part(r.left, r.right, left, right) >= .5;
  }

  // what a decision is about when its options name nothing, in each game (its GameFront's
  // subject, written in by tools/build_site.py): Age of Thieves' board, the part of Swindler's
  // table its kind of decision concerns, the Crooks targets
  const SUBJECT = "__GAME_SUBJECTS__";

  // On a phone the decision is a sheet over the foot of the screen (static/styles.css): when a
  // new decision is asked and nothing its options name (else nothing it is about) shows above
  // the sheet, the first such thing scrolls into view there; one in a box scrolling on its own
  // (the board) comes with the whole box, the thing in the box's middle; in a lesson, what the
  // tutor points at comes first. web/browser/ calls this after a repaint.
  let revealed = null;
  function reveal() {
    const app = document.getElementById("app");
    const decision = app && app.querySelector(".decision");
    if (!decision || getComputedStyle(decision).position !== "fixed") {
      revealed = null;
      return;
    }
    const names = [...decision.querySelectorAll("[data-ref]")].flatMap(refs);
    const title = app.querySelector("#screen-title");
    const question = decision.querySelector("p");
    const asked = [title, question].map((el) => (el ? el.textContent : "")).concat(names)
      .join("\n");
    if (asked === revealed) return;  // the same decision: the page stays where it was put
    revealed = asked;
    const drawn = (els) => els.filter((el) => !decision.contains(el) && el.getClientRects().length);
    // a lesson's tutor pointing at a thing: that thing first (web/play/lesson.py)
    const tutor = app.querySelector(".tutor[data-point]");
    let things = tutor ? drawn(naming("[data-ref]", [tutor.dataset.point])) : [];
    if (!things.length) things = drawn(naming("[data-ref]", names));
    if (!things.length) things = drawn([...app.querySelectorAll(SUBJECT)]);
    const bottom = decision.getBoundingClientRect().top;
    if (!things.length || things.some((el) => shows(el, bottom))) return;
    const thing = things[0];
    const box = thing.closest(".scrolls");
    if (!box) {  // a thing taller than the room above the sheet shows from its top
      const tall = thing.getBoundingClientRect().height > bottom;
      thing.scrollIntoView({ block: tall ? "start" : "center", inline: "nearest" });
      return;
    }
    box.scrollIntoView({ block: "start", inline: "nearest" });
    if (box === thing) return;
    const b = box.getBoundingClientRect();
    const t = thing.getBoundingClientRect();
    box.scrollBy((t.left + t.right - b.left - b.right) / 2,
      (t.top + t.bottom - b.top - b.bottom) / 2);
  }
  // A lesson's tutor points at a thing (web/play/lesson.py, data-point) and lists the controls
  // (event, argument) that lead to the decision it teaches, in order (data-teach: a face to
  // choose, then the target; AP on cards, then the confirmation): every one of them on the
  // screen is marked, and the thing too once the last control alone is left; never another
  // option naming the same thing (giving up an order beside fulfilling it). The first marked
  // control is kept in sight after every repaint (another seat's move redraws the sheet):
  // inside the boxes that clip it, below the tutor, above a phone's sheet. A new step puts a
  // tapped thing's bubble away. web/browser/ calls this after a repaint.
  function same(a, b) {
    if (a === b) return true;
    if (!a || !b || typeof a !== "object" || typeof b !== "object") return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => same(a[k], b[k]));
  }
  let taughtStep = null;
  function teach() {
    const app = document.getElementById("app");
    const tutor = app && app.querySelector(".tutor");
    for (const el of document.querySelectorAll(".taught")) el.classList.remove("taught");
    if (!tutor) return;
    const step = tutor.dataset.point + "\n" + tutor.querySelector("[role=status]").textContent;
    if (step !== taughtStep) about("");
    taughtStep = step;
    const controls = tutor.dataset.teach ? JSON.parse(tutor.dataset.teach) : [];
    const pointed = tutor.dataset.point && controls.length <= 1
      ? naming("[data-ref]", [tutor.dataset.point]) : [];
    const marked = controls.length
      ? pointed.filter((el) => !el.dataset.ev || !el.closest(".decision")) : pointed;
    const options = [...app.querySelectorAll(".decision [data-ev]")];
    const buttons = controls.flatMap(([ev, arg]) => options
      .filter((el) => el.dataset.ev === ev && same(JSON.parse(el.dataset.arg || "null"), arg)));
    for (const el of [...marked, ...buttons]) el.classList.add("taught");
    const first = buttons.find((el) => el.getClientRects().length);
    if (first) keepInSight(first, tutor);
  }

  // scroll el's boxes (the sheet, then the page) so that all of el shows below the tutor,
  // above a phone's sheet and above the decision's submit row
  function keepInSight(el, tutor) {
    const decision = el.closest(".decision");
    const fixed = decision && getComputedStyle(decision).position === "fixed";
    for (let box = el.parentElement; box; box = box.parentElement) {
      const page = box === document.body;
      if (page || (/(auto|scroll)/.test(getComputedStyle(box).overflowY)
                   && box.scrollHeight > box.clientHeight)) {
        scrollToSight(el, box, page, fixed, tutor);
      }
      if (page || (fixed && box === decision)) return;
    }
  }
  function scrollToSight(el, box, page, fixed, tutor) {
    const room = page ? { top: 0, bottom: window.innerHeight } : box.getBoundingClientRect();
    // a phone's sheet lies over the tutor; in the page the tutor sticks to the top
    let top = fixed ? room.top : Math.max(room.top, tutor.getBoundingClientRect().bottom);
    let bottom = room.bottom;
    if (page) {  // and a phone's sheet covers the page's foot
      top = Math.max(top, tutor.offsetHeight);
      const sheet = document.querySelector(".decision");
      if (sheet && !fixed && getComputedStyle(sheet).position === "fixed") {
        bottom = Math.min(bottom, sheet.getBoundingClientRect().top);
      }
    }
    // a decision's submit row sticks to the foot of its box (the sheet, the column, the
    // window): the room ends above it
    const submit = document.querySelector(".decision .decision-submit");
    if (submit && !submit.contains(el) && submit.getClientRects().length) {
      bottom = Math.min(bottom, submit.getBoundingClientRect().top);
    }
    const r = el.getBoundingClientRect();
    const by = r.top < top || r.bottom - r.top > bottom - top ? r.top - top - 8
      : r.bottom > bottom ? r.bottom - bottom + 8 : 0;
    if (by) (page ? window : box).scrollBy(0, by);
  }
  window.tablePointing = { reveal, teach };

  // Help at the moment of need: a thing drawn on the table, tapped, shows its full text in a
  // bubble at the top of the screen (its data-about, else its SVG title, else its label); so
  // does what a focused option names. A tap elsewhere, or Escape, puts it away.
  const ABOUT = "[data-about], g[data-ref], [role=img][aria-label]";
  let bubble = null;
  function aboutOf(el) {
    const thing = el && el.closest ? el.closest(ABOUT) : null;
    if (!thing || !thing.closest("#game-screen")) return "";
    if (thing.dataset.about) return thing.dataset.about;
    const title = thing.querySelector(":scope > title");
    return (title ? title.textContent : thing.getAttribute("aria-label") || "").trim();
  }
  let byFocus = false;  // shown for a focused option: it goes when the focus does
  function about(text, focused = false) {
    byFocus = focused;
    if (!bubble) {
      bubble = document.createElement("p");
      bubble.id = "about";
      bubble.setAttribute("role", "status");
      document.body.append(bubble);
    }
    bubble.textContent = text;
    bubble.hidden = !text;
  }
  document.addEventListener("focusin", (e) => {
    if (!e.target.matches || !e.target.matches(".decision [data-ref]:focus-visible")) return;
    const named = naming("[data-ref]", keys(e.target)).filter((el) => !el.closest(".decision"));
    about(named.map(aboutOf).find(Boolean) || "", true);
  });
  document.addEventListener("focusout", () => { if (byFocus) about(""); });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") about(""); });

  document.addEventListener("click", (e) => {
    const target = e.target;
    if (!target.closest || target.closest("[data-ev], button, a, input, select, label")) {
      about("");
      return;
    }
    const options = naming(DECISION, keys(target));
    if (options.length === 1) options[0].click();
    about(aboutOf(target));
  });
})();
