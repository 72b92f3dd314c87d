// The Python runtime for PyScript, with the app installed (pyscript.json names this module as
// its interpreter). index.html calls start() as the page begins to load, so that Pyodide and
// the app's archive download and compile while PyScript's own modules and configuration are
// still loading; PyScript's call to loadPyodide then receives that same load. Everything comes
// from this build: the runtime from ./pyodide/ (its standard library precompiled, under a name
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

async function fetchApp() {
  const response = await fetch(new URL("./app.zip", import.meta.url));
  if (!response.ok) throw new Error(`app.zip: HTTP ${response.status}`);
  return response.arrayBuffer();
}

export function start() {
  runtime ??= Promise.all([
    load({
      indexURL: new URL("./pyodide/", import.meta.url).href,
      stdLibURL: new URL(`./pyodide/${STDLIB}`, import.meta.url).href,
      lockFileContents: LOCKFILE,
      stdout: (text) => output.stdout(text),
      stderr: (text) => output.stderr(text),
    }),
    fetchApp(),
  ]).then(([pyodide, app]) => {
    pyodide.unpackArchive(app, "zip", { extractDir: APP_DIR });
    pyodide.pyimport("sys").path.insert(0, APP_DIR);
    return pyodide;
  });
  return runtime;
}

export function loadPyodide({ stdout, stderr } = {}) {
  if (stdout) output.stdout = stdout;
  if (stderr) output.stderr = stderr;
  return start();
}
