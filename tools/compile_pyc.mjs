// Bytecode for the browser's Python, compiled by the very Pyodide the site ships
// (node_modules/pyodide), so that the browser imports without compiling: without docstrings
// or column positions (tools/bytecode.py), as unchecked-hash .pyc files, valid whatever the
// files' times after unpacking.
//   node tools/compile_pyc.mjs app <folder> <installed>
//       every Python file under <folder> is replaced by its .pyc (sourceless: less to unpack
//       at start); tracebacks name the files as installed under <installed>
//   node tools/compile_pyc.mjs stdlib <modules.txt> <folder>
//       Pyodide's python_stdlib.zip split in two, each stored uncompressed (the host's brotli
//       squeezes it better than zip's deflate) and named by its content, into <folder>:
//       python_stdlib-….zip, the listed modules and every module they import as they are
//       imported (the import statements outside functions, followed through), as .pyc, with
//       tools/stdlib_rest.py as its sitecustomize; and python_stdlib_rest-….zip, the rest
//       as source, for that sitecustomize to fetch if a module it holds is ever imported
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const [what, ...args] = process.argv.slice(2);
const here = path.dirname(fileURLToPath(import.meta.url));
const pyodide = await loadPyodide({
  indexURL: path.join(here, "..", "node_modules", "pyodide"),
  env: { PYTHONNODEBUGRANGES: "1" },  // no column positions in the code objects
});

function mount(folder, at) {
  pyodide.FS.mkdirTree(at);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(folder) }, at);
}

mount(here, "/tools");
pyodide.runPython("import sys; sys.path.insert(0, '/tools')");
let ok;
if (what === "app") {
  mount(args[0], "/src");
  pyodide.globals.set("installed", args[1]);
  ok = pyodide.runPython(`
from pathlib import Path
from bytecode import pyc

sources = sorted(Path("/src").rglob("*.py"))
for source in sources:
    name = source.relative_to("/src").as_posix()
    source.with_suffix(".pyc").write_bytes(pyc(source.read_bytes(), f"{installed}/{name}"))
    source.unlink()
bool(sources)
`);
} else if (what === "stdlib") {
  mount(path.dirname(args[0]), "/list");
  mount(args[1], "/out");
  pyodide.globals.set("listed", `/list/${path.basename(args[0])}`);
  ok = pyodide.runPython(`
import ast, hashlib, io, os, sys, zipfile
from pathlib import Path
from bytecode import pyc

stdlib = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
wanted = {line.strip() for line in Path(listed).read_text().splitlines()
          if line.strip() and not line.startswith("#")}

def module(name):
    return name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")

with zipfile.ZipFile(stdlib) as source:
    entries = {info: source.read(info) for info in source.infolist()}
files = {module(info.filename): info for info in entries if info.filename.endswith(".py")}

def taken(test, name):
    """Whether an if statement's test holds in the browser, where it reads only the platform
    (sys, os) and the module's name; None where it reads anything else."""
    try:
        return bool(eval(compile(ast.Expression(test), name, "eval"),
                         {"__builtins__": {}, "sys": sys, "os": os, "__name__": name}))
    except Exception:
        return None

def imported(name):
    """The modules importing module \`\`name\`\` imports: its import statements outside
    functions, with the packages each name is in and the modules a from-import names. Not
    followed: the branch of an if the browser does not take (the platform's, \`\`__main__\`\`),
    nor an import's fallback where it fails (an except clause)."""
    info = files[name]
    package = name if info.filename.endswith("__init__.py") else name.rpartition(".")[0]
    names, todo = set(), list(ast.parse(entries[info]).body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            base = ".".join(part for part in (base, node.module) if part)
            names |= {base} | {f"{base}.{alias.name}" for alias in node.names}
        if isinstance(node, ast.If) and (holds := taken(node.test, name)) is not None:
            todo.extend(node.body if holds else node.orelse)
        elif isinstance(node, (ast.Try, ast.TryStar)):
            todo.extend(node.body + node.orelse + node.finalbody)
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            todo.extend(ast.iter_child_nodes(node))
    return {".".join(parts[:n]) for parts in (name.split(".") for name in names)
            for n in range(1, len(parts) + 1)} & files.keys()

def named_by_content(stem, contents):
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_STORED) as archive:
        for info, content in contents:
            archive.writestr(zipfile.ZipInfo(info.filename, info.date_time), content)
    name = f"{stem}-{hashlib.sha256(data.getvalue()).hexdigest()[:12]}.zip"
    Path(f"/out/{name}").write_bytes(data.getvalue())
    return name

def split():
    """The two zips: the listed modules and what they import, and the rest."""
    shipped, todo = set(), sorted(wanted)
    while todo:
        if (name := todo.pop()) not in shipped:
            shipped.add(name)
            todo.extend(imported(name) - shipped)
    rest = named_by_content("python_stdlib_rest", [
        (info, content) for info, content in entries.items() if info not in
        {files[name] for name in shipped} and not info.filename.endswith("/")])
    # a left-out module in a left-out package is found by the package's own path
    left_out = {name for name in files.keys() - shipped if name.rpartition(".")[0] in shipped
                or "." not in name}
    net = (Path("/tools/stdlib_rest.py").read_text().replace("__REST__", rest).replace(
        '"__LEFT_OUT__"', ", ".join(map(repr, sorted(left_out)))))
    named_by_content("python_stdlib", [
        *((zipfile.ZipInfo(files[name].filename + "c", files[name].date_time),
           pyc(entries[files[name]], f"{stdlib}/{files[name].filename}"))
          for name in sorted(shipped, key=lambda name: files[name].filename)),
        (zipfile.ZipInfo("sitecustomize.pyc"), pyc(net.encode(), f"{stdlib}/sitecustomize.py"))])
    if shipped - wanted:
        print("shipped as well, imported by the listed:", " ".join(sorted(shipped - wanted)))

if missing := sorted(wanted - files.keys()):
    print("listed, but not in the standard library:", " ".join(missing))
else:
    split()
not missing
`);
} else {
  console.error("usage: compile_pyc.mjs app <folder> <installed> | stdlib <modules.txt> <folder>");
  process.exit(2);
}
if (!ok) {
  console.error(`compile_pyc: failed (${what})`);
  process.exit(1);
}
