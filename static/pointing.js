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
  document.addEventListener("click", (e) => {
    const target = e.target;
    if (!target.closest || target.closest("[data-ev], button, a, input, select, label")) return;
    const options = naming(DECISION, keys(target));
    if (options.length === 1) options[0].click();
  });
})();
