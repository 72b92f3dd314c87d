// The table before Python runs (docs/delivery.md, "Before Python runs"). The build draws the
// start screen for each game and number of players, and each game's rules, with the app's own
// Python (tools/prestart.py), in each language, and writes this script into the page after
// <main>, where it runs before the first paint. It shows the screen the app will show, answers
// the taps that only change what that screen shows (a game, the players, the rules pages, the
// language), keeps every tap, and hands them to the app when it starts (web/browser/ calls
// thievesPrestart.take()), which carries them out in order: the live screen is the one on the
// page, drawn again. A link in the address, or a game open in this tab, is said instead.
(() => {
  const data = JSON.parse(document.getElementById("prestart-data").textContent);
  const app = document.getElementById("app");
  const say = document.getElementById("loading-text");
  const read = (area, key) => {
    try { return window[area].getItem(key); } catch { return null; }
  };
  // the language as web/base/i18n.py chooses it: the stored choice, else the browser's
  const chooseLanguage = () => {
    const stored = read("localStorage", "thieves.language");
    if (stored in data.languages) return stored;
    for (const tag of navigator.languages || []) {
      const code = String(tag).split(/[-_]/)[0].toLowerCase();
      if (code in data.languages) return code;
    }
    return data.language;
  };
  const state = { language: chooseLanguage(), game: data.game, players: data.players,
                  screen: "start", help: null };
  const texts = () => data.languages[state.language].texts;
  const helps = {};  // language -> its rules pages, fetched when first asked for
  const taps = [];  // [event, argument] as the app's handle() takes them
  const fields = new Map();  // a control's id -> its value (or checked) as the person set it
  // the screen on the page: the build wrote the first language's first start screen in
  let shown = `${data.language}:start:${data.game}:${data.players}`;
  let taken = false;  // the app has the page

  const frame = () => {
    const t = texts();
    document.documentElement.lang = state.language;
    document.title = t.title;
    document.querySelector("header.top h1").textContent = t.title;
  };
  const tell = (text) => { say.textContent = text; };

  if (location.hash.startsWith("#g=") || location.hash.startsWith("#r=")
      || read("sessionStorage", "thieves.open") || read("sessionStorage", "thieves.remote-open")) {
    frame();
    app.innerHTML = "";
    document.getElementById("loading").classList.add("alone");
    tell(location.hash.startsWith("#r=") ? texts().remote
      : location.hash.startsWith("#g=") ? texts().link_unread : texts().open);
    if (location.hash.startsWith("#g=")) describeLink(location.hash);
    window.thievesPrestart = { take: () => "[]" };
    return;
  }

  // a game link's game, players and decisions (web/keep/gamelink.py: "#g=1" + base64url(zlib(JSON)))
  async function describeLink(fragment) {
    if (!fragment.startsWith("#g=1")) return;  // another version's: the app says so
    try {
      const text = fragment.slice(4).replace(/-/g, "+").replace(/_/g, "/");
      const bytes = Uint8Array.from(atob(text + "=".repeat(-text.length & 3)),
                                    (c) => c.charCodeAt(0));
      const link = JSON.parse(await inflated(bytes, data.maxLinkJson));
      const t = texts();
      if (!(link.g in t.games)) return;
      tell(t.link.replace("{game}", t.games[link.g])
        .replace("{players}", link.s.slice(0, 8).map((seat) => String(seat[0]).slice(0, 40))
          .join(", "))
        .replace("{moves}", link.a ? link.a.split("|").length : 0));
    } catch {
      // a damaged link: the app says what is wrong with it once it runs
    }
  }

  const screenKey = () => (state.screen === "help" ? `help:${state.help || state.game}`
    : `start:${state.game}:${state.players}`);

  // zlib data unpacked, refused beyond ``most`` bytes (a link is no bigger: web/keep/gamelink.py)
  async function inflated(bytes, most) {
    const reader = new Blob([bytes]).stream()
      .pipeThrough(new DecompressionStream("deflate")).getReader();
    const parts = [];
    let size = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      size += part.value.length;
      if (size > most) {
        reader.cancel();
        throw new Error("a link holds no more");
      }
      parts.push(part.value);
    }
    return new TextDecoder().decode(await new Blob(parts).arrayBuffer());
  }

  async function show() {
    const { language } = state;
    const key = screenKey();
    if (`${language}:${key}` === shown) return;
    let html;
    if (state.screen === "help") {
      helps[language] ??= fetch(`./prestart-${language}.json`)
        .then((response) => response.json()).catch(() => null);
      const pages = await helps[language];
      html = pages && pages[key];
    } else {
      html = data.languages[language].screens[key];
    }
    // a later tap may have asked for another screen while the rules were fetched
    if (!html || taken || language !== state.language || key !== screenKey()) return;
    const focused = document.activeElement && document.activeElement.id;
    frame();
    app.innerHTML = html;
    shown = `${language}:${key}`;
    for (const [id, value] of fields) {
      const field = document.getElementById(id);
      if (!field) continue;
      if (field.type === "radio" || field.type === "checkbox") field.checked = value;
      else field.value = value;
    }
    const again = focused && document.getElementById(focused);
    if (again) again.focus();
  }

  // the taps the page answers itself; the others wait for the app
  function answer(event, arg) {
    const t = texts();
    if (event === "setup-game" && arg in t.games && arg !== state.game) {
      const [fewest, most] = t.players[arg];
      state.game = arg;
      if (state.players < fewest || state.players > most) state.players = data.players;
      for (const id of [...fields.keys()]) {
        if (/^(opt-|seat-pick-)/.test(id)) fields.delete(id);  // a new game's own choices
      }
    } else if (event === "setup-players" && t.players[state.game][0] <= arg
               && arg <= t.players[state.game][1]) {
      state.players = arg;
    } else if (event === "nav" && (arg === "help" || arg === "start")) {
      state.screen = arg;
      state.help = null;
    } else if (event === "help-game" && arg in t.games) {
      state.help = arg;
    } else if (event === "language" && arg in data.languages) {
      renameSeats(state.language, arg);
      state.language = arg;
    } else if (!event.startsWith("setup-") && event !== "link-text") {
      tell(t.waiting);
      return;
    }
    show();
  }

  // a seat still named by default follows the language (web/screens/start.py)
  function renameSeats(before, after) {
    for (let seat = 0; seat < data.seats; seat++) {
      const id = `seat-name-${seat}`;
      const kind = fields.get(`seat-kind-${seat}`) || "human";
      const name = fields.has(id) ? fields.get(id) : defaultName(before, seat, kind);
      if (name === defaultName(before, seat, kind)) fields.set(id, defaultName(after, seat, kind));
    }
  }

  const argOf = (el) => {
    const raw = el.dataset.arg;
    if (raw === undefined) return null;
    try { return JSON.parse(raw); } catch { return raw; }
  };

  function onClick(event) {
    const el = event.target.closest && event.target.closest("[data-ev]");
    if (!el || !app.contains(el) || el.disabled || /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) {
      return;
    }
    event.preventDefault();
    const arg = argOf(el);
    taps.push([el.dataset.ev, arg]);
    answer(el.dataset.ev, arg);
  }

  function onChange(event) {
    const el = event.target;
    if (!el.dataset || el.dataset.ev === undefined) return;
    const arg = argOf(el);
    const value = el.type === "checkbox" ? el.checked : el.value;
    taps.push([el.dataset.ev, { arg, value }]);
    fields.set(el.id, el.type === "radio" ? el.checked : value);
    if (el.dataset.ev === "setup-kind") kindChosen(arg, el.value);
    answer(el.dataset.ev, arg);
  }

  const defaultName = (language, seat, kind) =>
    data.languages[language].texts[data.bots.includes(kind) ? "bot" : "person"][seat];

  // a seat still named by default is named after what plays it (web/screens/start.py)
  function kindChosen(seat, kind) {
    const name = document.getElementById(`seat-name-${seat}`);
    const t = texts();
    if (name && [t.person[seat], t.bot[seat], ""].includes(name.value)) {
      name.value = defaultName(state.language, seat, kind);
      fields.set(name.id, name.value);
    }
  }

  function onKeydown(event) {
    const el = event.target;
    if (event.key !== "Enter" || !el.dataset || el.dataset.enter === undefined) return;
    event.preventDefault();
    if (el.dataset.ev !== undefined) taps.push([el.dataset.ev, { arg: argOf(el), value: el.value }]);
    taps.push([el.dataset.enter, null]);
    tell(texts().waiting);
  }

  // the loading line lies over the bottom of the page: the page makes room for it
  const bar = document.getElementById("loading");
  new ResizeObserver(() => document.documentElement.style.setProperty(
    "--loading-h", `${bar.offsetHeight}px`)).observe(bar);

  const listeners = [["click", onClick], ["change", onChange], ["keydown", onKeydown]];
  for (const [kind, fn] of listeners) app.addEventListener(kind, fn);
  tell(texts().loading);
  show();

  window.thievesPrestart = {
    // the taps so far, as JSON, and the page left to the app: a name being typed counts too
    take() {
      taken = true;
      for (const [kind, fn] of listeners) app.removeEventListener(kind, fn);
      const el = document.activeElement;
      if (el && app.contains(el) && el.dataset.ev !== undefined && el.type === "text"
          && el.value !== (fields.has(el.id) ? fields.get(el.id) : el.defaultValue)) {
        taps.push([el.dataset.ev, { arg: argOf(el), value: el.value }]);
      }
      return JSON.stringify(taps);
    },
  };
})();
