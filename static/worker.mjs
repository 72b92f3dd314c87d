// The table's Python, in a worker of its own (docs/delivery.md, "Python in a worker"): the page
// (static/table.js) starts this worker once its start screen is painted, and draws what the
// worker sends; every tap, link and change of storage is a message to it. Pyodide and the
// app's archive download and compile here, so no step of the start holds up the page.
// Everything comes from this build: the runtime from ./pyodide/ (its standard library
// precompiled, under a name tools/build_site.py writes in below, with Pyodide's lockfile),
// the app from ./app.zip, the remote table's keys from ./keys.js and its lock across the tabs
// from ./locks.js.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import "./keys.js";
import "./locks.js";

// where the app's packages are unpacked; the start puts it first on Python's path
const APP_DIR = "/home/pyodide/pkgs";
const STDLIB = "__STDLIB__";
// no package is ever installed: the lockfile only describes the runtime
const LOCKFILE = __LOCKFILE__;

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

// what Python prints goes to the page's console, which the developer tools and tests read
const say = (level) => (text) => postMessage({ kind: "log", level, text });

// Pyodide with the app installed (app.zip is fetched at once, beside Pyodide's own files)
async function runtime() {
  const app = fetchApp();
  let installed;
  const pyodide = await loadPyodide({
    indexURL: new URL("./pyodide/", import.meta.url).href,
    stdLibURL: new URL(`./pyodide/${STDLIB}`, import.meta.url).href,
    lockFileContents: LOCKFILE,
    stdout: say("log"),
    stderr: say("error"),
    fsInit: (FS) => (installed = app.then((archive) => unpack(FS, archive, APP_DIR))),
  });
  await installed;  // its failure is the start's
  pyodide.pyimport("sys").path.insert(0, APP_DIR);
  return pyodide;
}

const started = runtime();

// Python run in the table's interpreter, for the developer tools and the tests
// (static/table.js: thievesTable.python(code)); the result as JavaScript has it (a Python
// object as text)
async function python({ id, code }) {
  try {
    const result = (await started).runPython(code);
    const plain = result && typeof result.toJs === "function" ? String(result) : result;
    postMessage({ kind: "python", id, result: plain });
  } catch (error) {
    postMessage({ kind: "python", id, error: String(error && error.message || error) });
  }
}

// The page's messages wait until the table runs; then each goes to web/browser/ in order.
const waiting = [];
let table = null;
onmessage = ({ data }) => {
  if (data.kind === "python") python(data);
  else if (table) table.receive(data);
  else waiting.push(data);
};

started.then(async (pyodide) => {
  const module = pyodide.pyimport("web.browser");
  await module.load();
  table = module;
  while (waiting.length) table.receive(waiting.shift());
}).catch((error) => postMessage({ kind: "failed", text: String(error && error.message || error) }));
