// The Python runtime for PyScript, with the app installed (pyscript.json names this module as
// its interpreter). index.html calls start() as the page loads; the start waits for the
// page's first paint, then Pyodide and the app's archive download and compile while
// PyScript's own modules and configuration load; PyScript's call to loadPyodide then receives
// that same load. Everything comes from this build: the runtime from ./pyodide/ (its standard library precompiled, under a name
// tools/build_site.py writes in below, with Pyodide's lockfile), the app from ./app.zip.
import { loadPyodide as load, version } from "./pyodide/pyodide.mjs";

export { version };

// where the app's packages are unpacked; start() puts it first on Python's path
const APP_DIR = "/home/pyodide/pkgs";
const STDLIB = "__STDLIB__";
// no package is ever installed: the lockfile only describes the runtime
const LOCKFILE = __LOCKFILE__;

// where Python's output goes: the console until PyScript hands over its own handlers
const output = { stdout: console.log, stderr: console.error };
let runtime = null;

// app.zip's files written into the file system, each a slice of the archive (it is stored
// uncompressed: tools/build_site.py; written by Python's zipfile, so no archive comment): a
// few milliseconds, where Pyodide's unpackArchive, extracting it in Python, took some 50.
function unpack(FS, archive, folder) {
  const bytes = new Uint8Array(archive);
  const data = new DataView(archive);
  const utf8 = new TextDecoder();
  const made = new Set();
  const end = bytes.length - 22;  // the end-of-central-directory record (no comment)
  let entry = data.getUint32(end + 16, true);
  for (let left = data.getUint16(end + 10, true); left > 0; left--) {
    if (data.getUint32(entry, true) !== 0x02014b50) throw new Error("app.zip: not a zip");
    const size = data.getUint32(entry + 20, true);
    const nameEnd = entry + 46 + data.getUint16(entry + 28, true);
    const name = utf8.decode(bytes.subarray(entry + 46, nameEnd));
    const header = data.getUint32(entry + 42, true);
    if (data.getUint16(entry + 10, true) !== 0) throw new Error(`app.zip: ${name} compressed`);
    entry = nameEnd + data.getUint16(entry + 30, true) + data.getUint16(entry + 32, true);
    if (name.endsWith("/")) continue;
    const path = `${folder}/${name}`;
    const parent = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(parent)) {
      FS.mkdirTree(parent);
      made.add(parent);
    }
    const body = header + 30 + data.getUint16(header + 26, true)
      + data.getUint16(header + 28, true);
    FS.writeFile(path, bytes.subarray(body, body + size));
  }
}

async function fetchApp() {
  const response = await fetch(new URL("./app.zip", import.meta.url));
  if (!response.ok) throw new Error(`app.zip: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// The browser's turn: input, painting and the page's other tasks run before the start goes on.
// Each stage of the start is a task of its own, so that a tap waits for one stage at most.
function nextTask() {
  return globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve));
}

// app.zip written into the file system, a task of its own before Python starts
async function install(FS, app) {
  const archive = await app;
  await nextTask();
  unpack(FS, archive, APP_DIR);
  await nextTask();
}

// The page's first contentful paint (its start screen: static/prestart.js), whoever asks for
// the runtime first, or the page hidden (a tab in the background paints nothing): nothing
// large is fetched or run before it, so that it comes first on a slow network and CPU.
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

// Pyodide's files asked for all at once, beside app.zip (fetched at once by boot), so that
// they download side by side rather than as loadPyodide comes to each. A returning visit (its
// service worker in control) leaves the WebAssembly to Pyodide's own fetch, which finds the
// code V8 compiled and cached last time (a preloaded response does not).
function preload() {
  const asked = [["modulepreload", "./pyodide/pyodide.asm.mjs"],
                 ["preload", `./pyodide/${STDLIB}`]];
  if (!navigator.serviceWorker || !navigator.serviceWorker.controller) {
    asked.push(["preload", "./pyodide/pyodide.asm.wasm", "application/wasm"]);
  }
  for (const [rel, path, type] of asked) {
    const link = Object.assign(document.createElement("link"), {
      rel, href: new URL(path, import.meta.url).href });
    if (rel === "preload") Object.assign(link, { as: "fetch", crossOrigin: "anonymous" });
    if (type) link.type = type;
    document.head.append(link);
  }
}

async function boot() {
  await painted();
  preload();
  const app = fetchApp();
  let installed;
  return load({
    indexURL: new URL("./pyodide/", import.meta.url).href,
    stdLibURL: new URL(`./pyodide/${STDLIB}`, import.meta.url).href,
    lockFileContents: LOCKFILE,
    stdout: (text) => output.stdout(text),
    stderr: (text) => output.stderr(text),
    fsInit: (FS) => (installed = install(FS, app)),
    // the browser's turn between Python's own start and Pyodide's set-up of it
    createPyodideModule: async (settings) => {
      const { default: create } = await import("./pyodide/pyodide.asm.mjs");
      const module = await create(settings);
      await nextTask();
      return module;
    },
  }).then(async (pyodide) => {
    await installed;  // its failure is the start's
    pyodide.pyimport("sys").path.insert(0, APP_DIR);
    await nextTask();
    return pyodide;
  });
}

export function start() {
  runtime ??= boot();
  return runtime;
}

export function loadPyodide({ stdout, stderr } = {}) {
  if (stdout) output.stdout = stdout;
  if (stderr) output.stderr = stderr;
  return start();
}
