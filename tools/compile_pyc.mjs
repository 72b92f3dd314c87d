// Bytecode for the browser's Python, compiled by the very Pyodide the site ships
// (node_modules/pyodide), so that the browser imports without compiling. Unchecked-hash .pyc
// files: valid whatever the files' times after unpacking.
//   node tools/compile_pyc.mjs app <folder> <installed>
//       every Python file under <folder> is replaced by its .pyc (sourceless: less to unpack
//       at start); tracebacks name the files as installed under <installed>
//   node tools/compile_pyc.mjs stdlib <modules.txt> <out.zip>
//       Pyodide's python_stdlib.zip with the listed modules as .pyc in place of their source,
//       stored uncompressed (the host's brotli squeezes it better than zip's deflate)
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const [what, ...args] = process.argv.slice(2);
const here = path.dirname(fileURLToPath(import.meta.url));
const pyodide = await loadPyodide({ indexURL: path.join(here, "..", "node_modules", "pyodide") });

function mount(folder, at) {
  pyodide.FS.mkdirTree(at);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(folder) }, at);
}

let ok;
if (what === "app") {
  mount(args[0], "/src");
  pyodide.globals.set("installed", args[1]);
  ok = pyodide.runPython(`
import compileall, py_compile
from pathlib import Path
compiled = compileall.compile_dir(
    "/src", quiet=1, ddir=installed, legacy=True,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
for source in Path("/src").rglob("*.py"):
    source.unlink()
compiled
`);
} else if (what === "stdlib") {
  mount(path.dirname(args[0]), "/list");
  mount(path.dirname(args[1]), "/out");
  pyodide.globals.set("listed", `/list/${path.basename(args[0])}`);
  pyodide.globals.set("out", `/out/${path.basename(args[1])}`);
  ok = pyodide.runPython(`
import py_compile, sys, zipfile
from pathlib import Path

stdlib = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
wanted = {line.strip() for line in Path(listed).read_text().splitlines()
          if line.strip() and not line.startswith("#")}
scratch = Path("/tmp/stdlib")

def module(name):
    return name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")

with zipfile.ZipFile(stdlib) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zip_out:
    compiled = 0
    for info in source.infolist():
        data = source.read(info)
        if info.filename.endswith(".py") and module(info.filename) in wanted:
            py = scratch / info.filename
            py.parent.mkdir(parents=True, exist_ok=True)
            py.write_bytes(data)
            pyc = py_compile.compile(
                str(py), cfile=f"{py}c", dfile=f"{stdlib}/{info.filename}", doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            name, data = info.filename + "c", Path(pyc).read_bytes()
            compiled += 1
        else:
            name = info.filename
        zip_out.writestr(zipfile.ZipInfo(name, info.date_time), data)
compiled == len(wanted) or print("not in the standard library:",
                                 sorted(wanted - {module(n) for n in source.namelist()}))
`);
} else {
  console.error("usage: compile_pyc.mjs app <folder> | stdlib <modules.txt> <out.zip>");
  process.exit(2);
}
if (!ok) {
  console.error(`compile_pyc: some files did not compile (${what})`);
  process.exit(1);
}
