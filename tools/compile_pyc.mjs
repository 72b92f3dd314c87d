// Compile the Python files under a folder to bytecode for the browser's Python, with the very
// Pyodide the site ships (node_modules/pyodide), so that the browser imports them without
// compiling. Unchecked-hash .pyc files: valid whatever the files' times after unpacking.
//   node tools/compile_pyc.mjs <folder>
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const folder = path.resolve(process.argv[2]);
const here = path.dirname(fileURLToPath(import.meta.url));
const pyodide = await loadPyodide({ indexURL: path.join(here, "..", "node_modules", "pyodide") });
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/src");
const ok = pyodide.runPython(`
import compileall, py_compile
compileall.compile_dir("/src", quiet=1,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
if (!ok) {
  console.error("compile_pyc: some files did not compile");
  process.exit(1);
}
