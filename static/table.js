// The page's side of the table (docs/delivery.md, "Python in a worker"). The table's Python
// runs in a worker (static/worker.mjs, web/browser/), started once the start screen is painted
// (static/prestart.js draws it before Python runs): this script sends it the person's taps, the
// links opened by address and the storage changes of other tabs, and draws the screens it sends
// back, keeping the focus where the person expects it. It decides nothing: every rule, text
// and screen is the worker's. The page stays free to answer while Python starts and while a
// bot thinks.
(() => {
  "use strict";
  const FOCUSABLE = "button:not([disabled]), input, select, textarea, a[href], "
    + "[tabindex]:not([tabindex='-1'])";
  const NEXT_DECISION = ".decision :is(button:not([disabled]), input, select, "
    + "[tabindex]:not([tabindex='-1']))";
  const REPLAY_KEYS = { ArrowLeft: -1, ArrowRight: 1, Home: "first", End: "last" };
  const TYPING = new Set(["INPUT", "SELECT", "TEXTAREA"]);
  const root = document.getElementById("app");
  const htmlElement = document.documentElement;

  let worker = null;
  let paints = 0;  // the worker's screen on the page (0: the start screen drawn before Python)
  let screen = "start";  // which screen that is (the replay's keys)
  let pointerDown = false;
  let paintPending = false;  // a change was sent; its screen is asked for once the pointer is up
  const answers = new Map();  // thievesTable.python's calls waiting for the worker
  let asked = 0;  // the number of those calls so far

  const send = (message) => worker.postMessage(message);
  // taps made on the screen on the page, in order; the worker drops those made on a screen
  // it has since replaced
  const tap = (taps, repaint = true) => {
    send({ kind: "taps", taps, paint: paints, repaint });
    if (repaint) paintPending = false;
  };

  const data = (el, name) => (el && el.getAttribute ? el.getAttribute(`data-${name}`) : null);
  function argOf(el) {
    const raw = data(el, "arg");
    if (raw === null) return null;
    try { return JSON.parse(raw); } catch { return raw; }
  }

  // --- the person's events ---------------------------------------------------------------
  function onClick(event) {
    const el = event.target.closest ? event.target.closest("[data-ev]") : null;
    if (!el || !root.contains(el) || el.disabled || TYPING.has(el.tagName)) return;
    event.preventDefault();  // inputs report through "change"
    tap([[data(el, "ev"), argOf(el)]]);
  }

  function onChange(event) {
    const el = event.target;
    if (data(el, "ev") === null) return;
    const value = el.type === "checkbox" ? el.checked : el.value;
    tap([[data(el, "ev"), { arg: argOf(el), value }]], false);
    // asked for later: drawing it now would replace the button a pointer is pressing
    paintPending = true;
    setTimeout(paintIfPending);
  }

  function onKeydown(event) {
    const el = event.target;
    if (event.key !== "Enter" && event.key !== " ") return;
    const enter = data(el, "enter");
    if (event.key === "Enter" && enter !== null) {
      // a text box with a button: Enter reports the text, then presses the button
      event.preventDefault();
      const name = data(el, "ev");
      const taps = name === null ? [] : [[name, { arg: argOf(el), value: el.value }]];
      tap([...taps, [enter, null]]);
    } else if (data(el, "ev") !== null && !["BUTTON", "A", ...TYPING].includes(el.tagName)) {
      event.preventDefault();
      tap([[data(el, "ev"), argOf(el)]]);
    }
  }

  // ArrowLeft/ArrowRight: one decision back/on in the replay; Home/End: its start/end (not
  // while typing in a field, nor with a modifier key); on the document, so that they work
  // wherever the focus is
  function onReplayKey(event) {
    const step = REPLAY_KEYS[event.key];
    if (step === undefined || screen !== "replay" || event.defaultPrevented || event.altKey
        || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const el = event.target;
    if (el && (TYPING.has(el.tagName) || el.isContentEditable)) return;
    event.preventDefault();
    send({ kind: "replay-key", step, paint: paints });
  }

  function paintIfPending() {
    if (!paintPending || pointerDown) return;
    paintPending = false;
    send({ kind: "paint" });
  }

  function onHashchange() {
    const fragment = location.hash;
    if (/^#[grla]=/.test(fragment)) send({ kind: "hash", fragment });
  }

  // Back or Forward to one of the table's entries (web/play/history.py): the worker goes there
  function onPopstate(event) {
    if (event.state) send({ kind: "history", entry: event.state });
  }

  // another tab of this site changed the browser's storage
  function onStorage(event) {
    if (event.storageArea !== localStorage) return;
    send({ kind: "storage", key: event.key, value: event.newValue,
           items: event.key === null ? items(localStorage) : null });
  }

  function listen() {
    for (const [kind, fn] of [["click", onClick], ["change", onChange], ["keydown", onKeydown]]) {
      root.addEventListener(kind, fn);
    }
    root.addEventListener("pointerdown", () => { pointerDown = true; });
    addEventListener("pointerup", () => {
      pointerDown = false;
      if (paintPending) setTimeout(paintIfPending);
    });
    addEventListener("hashchange", onHashchange);
    addEventListener("popstate", onPopstate);
    addEventListener("storage", onStorage);
    addEventListener("resize", keepDecisionRoom);
    document.addEventListener("keydown", onReplayKey);
  }

  // --- drawing the worker's screens -----------------------------------------------------------
  function draw(message) {
    const active = document.activeElement;
    let before = null;
    if (active && root.contains(active) && active !== root) {
      const place = [...root.querySelectorAll(FOCUSABLE)].indexOf(active);
      before = { id: active.id, ev: data(active, "ev"), arg: data(active, "arg"),
                 place: place < 0 ? null : place };
    }
    const asked = root.querySelector(NEXT_DECISION) !== null;
    const motion = window.tableMotion;
    if (motion) motion.before(root);
    replace(message.html, message.regions);
    let motionMs = 0;
    if (motion) {
      try {
        motionMs = Number(motion.after(root, message.same_scene)) || 0;
      } catch (error) {
        console.error(error);
      }
    }
    paints = message.paint;
    screen = message.screen;
    root.setAttribute("data-paints", String(paints));  // lets tests wait for a repaint
    keepDecisionRoom();
    const target = message.focus;
    if (target) {
      focus(root.querySelector(target), true);
    } else if (message.change === "new") {
      scrollTo(0, 0);
      for (const selector of ["[data-autofocus]", "#screen-title", "h2"]) {
        const el = root.querySelector(selector);
        if (el) {
          focus(el, false);
          break;
        }
      }
    } else if (!asked && root.querySelector(NEXT_DECISION)
               && !TYPING.has(document.activeElement && document.activeElement.tagName)) {
      // the same screen, the person's turn again (bots played): to their decision
      focus(root.querySelector(NEXT_DECISION), false);
    } else if ((before !== null && !active.isConnected) || (before === null && message.by_person)) {
      // the same screen: the focus stays on the control, else goes to the next decision,
      // and the page does not move; what a control the person pressed unfolded comes into view
      const control = find(before);
      focus(control, false);
      const unfolded = control && control.getAttribute("aria-expanded") === "true"
        && document.getElementById(control.getAttribute("aria-controls"));
      if (unfolded && message.by_person) unfolded.scrollIntoView({ block: "nearest" });
    }
    if (message.change === "same") showDecision();
    if (window.tablePointing) window.tablePointing.teach();
    if (!target && window.tablePointing) window.tablePointing.reveal();
    // a new screen (after a hand-over) opens at its top: whose view, the round, what happened
    // since one's last decision; what the decision names shows in its own box (the board)
    if (!target && message.change === "new") scrollTo(0, 0);
    for (const effect of message.effects) carryOut(...effect);
    send({ kind: "painted", paint: paints, motion_ms: motionMs });
    if (htmlElement.dataset.ready !== "true") htmlElement.dataset.ready = "true";
  }

  // the screen on the page: only the changed regions when the rest is the same
  function replace(html, regions) {
    for (const [name, part] of regions || []) {
      const el = root.querySelector(`[data-region="${name}"]`);
      if (!el) {
        root.innerHTML = html;
        return;
      }
      el.outerHTML = part;
    }
    if (!regions) root.innerHTML = html;
  }

  // The control matching the one focused before the repaint (null: nothing was): the same
  // id, else the same event and argument, else the first option of the decision now asked,
  // else the control now at the same place in the tab order.
  function find(before) {
    const { id, ev, arg, place } = before || { id: "", ev: null, arg: null, place: null };
    if (id && document.getElementById(id)) return document.getElementById(id);
    if (ev !== null) {
      for (const el of root.querySelectorAll("[data-ev]")) {
        if (data(el, "ev") === ev && data(el, "arg") === arg) return el;
      }
    }
    const next = root.querySelector(NEXT_DECISION);
    if (next) return next;
    const controls = [...root.querySelectorAll(FOCUSABLE)];
    return place !== null && controls.length ? controls[Math.min(place, controls.length - 1)]
      : null;
  }

  function focus(el, scroll) {
    if (!el) return;
    el.focus({ preventScroll: !scroll });
    if (el.tagName === "INPUT" && el.readOnly) el.select();  // a link box: ready to copy
  }

  // A decision now asked whose options are all off the screen (a wide screen scrolled down
  // the board) comes into view; one partly in view stays where it is, and so does the notice
  // while it has the focus (a refused link's reason).
  function showDecision() {
    const options = root.querySelector(NEXT_DECISION);
    if (!options || (document.activeElement && document.activeElement.id === "notice")) return;
    const box = options.getBoundingClientRect();
    if (box.bottom < 0 || box.top > innerHeight) {
      root.querySelector(".decision").scrollIntoView({ block: "nearest" });
    }
  }

  // On a phone the decision is fixed at the foot of the screen (static/styles.css): the page
  // keeps as much room below the game, so nothing stays covered.
  function keepDecisionRoom() {
    const el = root.querySelector(".decision");
    const fixed = el && getComputedStyle(el).position === "fixed";
    htmlElement.style.setProperty("--decision-h",
                                   fixed ? `${el.getBoundingClientRect().height}px` : "0px");
  }

  // --- the app's effects --------------------------------------------------------------------
  function carryOut(kind, value, done, failed) {
    if (kind === "copy") {
      try {
        navigator.clipboard.writeText(value).then(() => toast(done), () => toast(failed));
      } catch {
        toast(failed);
      }
    } else if (kind === "hash") {
      const here = location.pathname + location.search;
      history.replaceState(history.state, "", here + (value || ""));
    } else if (kind === "history") {  // the table's screens as the browser's entries
      const [step, entry] = value;
      const here = location.pathname + location.search;
      if (step === "back") history.back();
      else if (step === "push") history.pushState(entry, "", here);
      else history.replaceState(entry, "", here);
    } else if (kind === "toast") {
      toast(value);
    } else if (kind === "frame") {
      frame(value);
    } else if (kind === "motion") {
      htmlElement.dataset.motion = value;
      if (value === "off" && window.tableMotion) window.tableMotion.settle();
    } else if (kind === "scan") {
      scan(value);
    } else if (kind === "live") {  // a live channel (static/live.js)
      window.tableLive.carryOut(value, (news) => send({ kind: "live", ...news }));
    }
  }

  // A QR code read with the camera (a link shown on another phone, web/screens/links.py): its
  // text goes to the app as if pasted into the box for a received link, through the same door
  // and the same checks. The browser's own BarcodeDetector where it reads QR codes, else jsQR.
  async function scan({ title, cancel, failed }) {
    const dialog = document.createElement("dialog");
    dialog.className = "scanner";
    dialog.innerHTML = '<p></p><video playsinline muted></video><button type="button"></button>';
    const [line, video, button] = dialog.children;
    line.textContent = title;
    button.textContent = cancel;
    dialog.setAttribute("aria-label", title);
    document.body.append(dialog);
    dialog.showModal();
    let stream = null;
    let stopped = false;
    const stop = () => {
      stopped = true;
      if (stream) for (const track of stream.getTracks()) track.stop();
      dialog.remove();
    };
    button.addEventListener("click", stop);
    dialog.addEventListener("close", stop);
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
      video.srcObject = stream;
      await video.play();
      const read = await reader();
      while (!stopped) {
        const text = await read(video);
        if (text && !stopped) {
          stop();
          tap([["remote-open", { value: text }]]);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    } catch {
      if (!stopped) {
        stop();
        toast(failed);
      }
    }
  }

  async function reader() {
    if ("BarcodeDetector" in window
        && (await BarcodeDetector.getSupportedFormats()).includes("qr_code")) {
      const detector = new BarcodeDetector({ formats: ["qr_code"] });
      return async (video) => ((await detector.detect(video))[0] || {}).rawValue || null;
    }
    if (!window.jsQR) {
      await new Promise((resolve, reject) => {
        const script = Object.assign(document.createElement("script"),
                                     { src: "./jsqr.js", onload: resolve, onerror: reject });
        document.head.append(script);
      });
    }
    const canvas = document.createElement("canvas");
    const drawing = canvas.getContext("2d", { willReadFrequently: true });
    return async (video) => {
      [canvas.width, canvas.height] = [video.videoWidth, video.videoHeight];
      if (!canvas.width) return null;
      drawing.drawImage(video, 0, 0);
      const code = window.jsQR(drawing.getImageData(0, 0, canvas.width, canvas.height).data,
                               canvas.width, canvas.height);
      return code ? code.data : null;
    };
  }

  // the page's own texts around the app (its title, heading and update notice) in the
  // app's language
  function frame({ lang, title, update, reload }) {
    htmlElement.lang = lang;
    document.title = title;
    for (const [selector, text] of [["header.top h1", title], ["#update span", update],
                                    ["#update-reload", reload]]) {
      const el = document.querySelector(selector);
      if (el) el.textContent = text;
    }
  }

  let toastTimer = null;
  function toast(text) {
    const box = document.getElementById("toast");
    if (!box) return;
    box.textContent = text;
    box.classList.add("show");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => box.classList.remove("show"), 3000);
  }

  // --- the browser's storage, which the worker cannot reach ----------------------------------
  function items(area) {
    const all = {};
    for (let i = 0; i < area.length; i++) all[area.key(i)] = area.getItem(area.key(i));
    return all;
  }

  function storage() {
    try {
      return { local: items(localStorage), session: items(sessionStorage) };
    } catch {
      return null;  // storage switched off (some private modes)
    }
  }

  // the worker's change, written; one the browser refuses is told back with what it holds
  function store({ area, key, value }) {
    const kept = area === "local" ? localStorage : sessionStorage;
    try {
      if (value === null || value === undefined) kept.removeItem(key);
      else kept.setItem(key, value);
    } catch (error) {
      console.error(error);
      send({ kind: "refused", area, key, value: kept.getItem(key) });
    }
  }

  // --- the worker ----------------------------------------------------------------------------
  function loading(text) {
    const line = document.getElementById("loading-text");
    if (line) line.textContent = text;
  }

  function start() {
    const early = window.thievesPrestart;
    const params = Object.fromEntries(new URLSearchParams(location.search));
    send({
      kind: "start", base: location.origin + location.pathname, hash: location.hash,
      entry: history.state,
      params, tz_offset_min: new Date().getTimezoneOffset(),
      languages: [...navigator.languages], storage: storage(),
      secure: window.isSecureContext !== false,  // WebCrypto for games on several devices
      taps: early ? JSON.parse(early.take()) : [],
    });
    listen();
  }

  function onMessage({ data: message }) {
    const kind = message.kind;
    if (kind === "paint") draw(message);
    else if (kind === "store") store(message);
    else if (kind === "toast") toast(message.text);
    else if (kind === "log") console[message.level](message.text);
    else if (kind === "measure") {
      const shift = performance.timeOrigin;
      performance.measure(message.name, { start: message.start - shift,
                                          end: message.end - shift, detail: message.detail });
    } else if (kind === "loaded") {
      const bar = document.getElementById("loading-progress");
      if (bar) bar.value = 2;
      start();
    } else if (kind === "python") {
      const [resolve, reject] = answers.get(message.id);
      answers.delete(message.id);
      if ("error" in message) reject(new Error(message.error));
      else resolve(message.result);
    } else if (kind === "failed") {
      loading(`could not start: ${message.text}`);
    }
  }

  // The page's first contentful paint (its start screen), or the page hidden (a tab in the
  // background paints nothing): the worker's large downloads begin after it, so that it
  // comes first on a slow network and CPU.
  function painted() {
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    }
    return new Promise((resolve) => {
      if (document.visibilityState === "hidden") resolve();
      document.addEventListener("visibilitychange", resolve, { once: true });
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName("first-contentful-paint").length === 0) return;
        observer.disconnect();
        resolve();
      }).observe({ type: "paint", buffered: true });
    });
  }

  const begun = painted().then(() => {
    worker = new Worker("./worker.mjs", { type: "module" });
    worker.onmessage = onMessage;
    worker.onerror = (event) => loading(`could not start: ${event.message || "the worker failed"}`);
  });

  window.thievesTable = {
    // Python run in the table's worker, for the developer tools and the tests: its result
    // (a string, number or boolean; another Python object as text)
    python(code) {
      return begun.then(() => new Promise((resolve, reject) => {
        const id = ++asked;
        answers.set(id, [resolve, reject]);
        send({ kind: "python", id, code });
      }));
    },
  };
})();
