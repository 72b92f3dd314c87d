"""Build the static site into build/site: the page, the app, the runtime.

Everything the browser loads comes from this folder; nothing is fetched from another host.
The runtime (Pyodide) and the QR code reader (jsQR) come from node_modules (npm, pinned in
package-lock.json), the app (engine + web) from this repository: its wheel, the package the
tests use, unpacked with its bytecode compiled for the browser's Python. The browser needs no
other wheel: networkx, which the engine's tests use to check the board, is never imported there
(the board's distances are precomputed from the same data), so it is left out of the download.
"""

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import prestart  # tools/: the start screen drawn at build time
from precompress import precompress  # tools/, beside this script

from web.games import fronts

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "site"
PYODIDE = ROOT / "node_modules" / "pyodide"
APP_DIR = "/home/pyodide/pkgs"  # where static/worker.mjs unpacks app.zip
# Pyodide's runtime as the npm package has it; its standard library and lockfile are replaced
# (stdlib_archive, write_runtime)
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"]
# the standard library's rest (stdlib_archive): in the site for a rare path that asks, not
# precached
NOT_PRECACHED = ("pyodide/python_stdlib_rest-",)
# The wheel's modules the browser never imports: the command lines (python -m engine, python -m
# engine.crooks.balance); nor does it read the wheel's metadata (its .dist-info folder)
NOT_IN_BROWSER = ("engine/__main__.py", "engine/crooks/balance.py")


def run(*cmd: str) -> None:
    subprocess.run(cmd, check=True, cwd=ROOT)


def project_wheel(dest: Path) -> Path:
    """The engine and the browser app, as the same package the tests use."""
    for old in dest.glob("thieves_table-*.whl"):
        old.unlink()
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
        "--wheel-dir", str(dest), ".")
    return next(dest.glob("thieves_table-*.whl"))


def app_archive(wheel: Path, dest: Path) -> Path:
    """The wheel's files the browser reads, with their Python as bytecode for the browser's
    Python 3.14 (compiled by the shipped Pyodide itself, in place of the source:
    tools/compile_pyc.mjs), as one zip that static/worker.mjs unpacks: nothing to compile at
    start. Stored uncompressed: the host's brotli squeezes it better than zip's deflate, and
    worker.mjs writes each file out as a slice of it."""
    with tempfile.TemporaryDirectory() as tmp:
        with zipfile.ZipFile(wheel) as whl:
            whl.extractall(tmp, [name for name in whl.namelist() if name not in NOT_IN_BROWSER
                                 and not name.split("/")[0].endswith(".dist-info")])
        run("node", str(ROOT / "tools" / "compile_pyc.mjs"), "app", tmp, APP_DIR)
        with zipfile.ZipFile(dest, "w", zipfile.ZIP_STORED) as archive:
            for file in sorted(Path(tmp).rglob("*")):
                if file.is_file():
                    archive.write(file, file.relative_to(tmp).as_posix())
    return dest


def stdlib_archive(dest: Path) -> str:
    """Pyodide's standard library trimmed to the modules the table imports
    (tools/stdlib_modules.txt) and what they import, precompiled, and the rest beside it for a
    rare path to fetch (tools/compile_pyc.mjs, docs/delivery.md), each named by its content so
    that a page never pairs a runtime with the standard library of another build; returns the
    trimmed one's name."""
    with tempfile.TemporaryDirectory() as tmp:
        run("node", str(ROOT / "tools" / "compile_pyc.mjs"), "stdlib",
            str(ROOT / "tools" / "stdlib_modules.txt"), tmp)
        for built in Path(tmp).iterdir():
            shutil.copyfile(built, dest / built.name)
        return next(Path(tmp).glob("python_stdlib-*.zip")).name


def write_runtime(site: Path, stdlib: str) -> None:
    """worker.mjs with this build's standard library, and Pyodide's lockfile inlined: the
    table installs no package, so the lockfile's description of the runtime is all it needs,
    and one request fewer."""
    info = json.loads((PYODIDE / "pyodide-lock.json").read_text())["info"]
    lockfile = json.dumps({"info": info, "packages": {}})
    text = (ROOT / "static" / "worker.mjs").read_text().replace("__STDLIB__", stdlib)
    (site / "worker.mjs").write_text(text.replace("__LOCKFILE__", lockfile))


def write_prestart(site: Path) -> None:
    """The start screen drawn before Python runs (tools/prestart.py): the English one in the
    page, every language's in its data, and static/prestart.js written into the page (it must
    run before the first paint, without a request of its own); each language's rules pages
    beside it, fetched when asked for."""
    data = prestart.page_data()
    first = data["languages"][data["language"]]["screens"]
    screen = first[f"start:{data['game']}:{data['players']}"]
    script = (site / "prestart.js").read_text()
    assert "</" not in script, "static/prestart.js would end its <script> element early"
    (site / "prestart.js").unlink()
    page = (site / "index.html").read_text()
    page = page.replace("__PRESTART_SCREEN__", screen).replace(
        "__PRESTART_DATA__", json.dumps(data, separators=(",", ":")).replace("</", "<\\/"))
    page = page.replace('<script src="./prestart.js"></script>', f"<script>\n{script}</script>")
    (site / "index.html").write_text(page)
    for code in data["languages"]:
        (site / f"prestart-{code}.json").write_text(
            json.dumps(prestart.rules_pages(code), separators=(",", ":")))


def write_game_hooks(site: Path) -> None:
    """What the page takes from each game's face (web/games/__init__.py, ``GameFront``): its
    stylesheet linked in index.html, its decisions' subject in pointing.js."""
    shown = fronts()
    links = "\n  ".join(f'<link rel="stylesheet" href="./{f.stylesheet}">'
                        for f in shown if f.stylesheet)
    page = site / "index.html"
    page.write_text(page.read_text().replace("__GAME_STYLESHEETS__", links))
    pointing = site / "pointing.js"
    pointing.write_text(pointing.read_text().replace(
        "__GAME_SUBJECTS__", ", ".join(f.subject for f in shown if f.subject)))


# Pyodide makes a shared WebAssembly memory as its module loads, for a sleep (Atomics.wait) it
# only uses to retry a read that would block; a page without cross-origin isolation gets a
# deprecation warning for it, and on a page's main thread Atomics.wait is refused anyway.
SHARED_MEMORY = "new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer"
UNSHARED_MEMORY = ("(globalThis.crossOriginIsolated?new WebAssembly.Memory({shared:!0,initial:1,"
                   "maximum:1}).buffer:new ArrayBuffer(4))")


def without_shared_memory(module: Path) -> None:
    """Pyodide's runtime making its shared memory only where the page is cross-origin
    isolated (elsewhere its sleep fails, as it does on a page's main thread): no deprecation
    warning (docs/delivery.md). Stops the build when Pyodide's code is not as expected."""
    text = module.read_text()
    if text.count(SHARED_MEMORY) != 1:
        raise SystemExit(f"{module.name}: its shared memory is not made as expected; look again")
    module.write_text(text.replace(SHARED_MEMORY, UNSHARED_MEMORY))


def without_source_map(script: Path) -> None:
    """``script`` without its source map comment: the npm packages ship no maps for the files
    the table loads (Pyodide), and a comment naming a
    missing map is a failed request in the browser's tools."""
    text = script.read_text()
    kept = re.sub(r"\n//# sourceMappingURL=\S+\s*$", "\n", text)
    if kept != text:
        script.write_text(kept)


def build() -> Path:
    if SITE.exists():
        shutil.rmtree(SITE)
    SITE.mkdir(parents=True)
    shutil.copytree(ROOT / "static", SITE, dirs_exist_ok=True)
    (SITE / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE / name, SITE / "pyodide" / name)
    without_shared_memory(SITE / "pyodide" / "pyodide.asm.mjs")
    # the QR code reader where the browser has none of its own (static/table.js: scan); it is
    # loaded only then, so it adds nothing to a first visit
    shutil.copy2(ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js", SITE / "jsqr.js")
    write_runtime(SITE, stdlib_archive(SITE / "pyodide"))
    write_game_hooks(SITE)
    write_prestart(SITE)
    for script in SITE.glob("pyodide/*.mjs"):
        without_source_map(script)
    with tempfile.TemporaryDirectory() as tmp:
        app_archive(project_wheel(Path(tmp)), SITE / "app.zip")
    write_service_worker()
    precompress(SITE)  # after the worker: its precache lists the files, not their .br/.gz
    return SITE


def write_service_worker(site: Path = SITE) -> None:
    """A service worker that precaches every file of this build the page loads, under one
    versioned name."""
    files = sorted(name for p in site.rglob("*") if p.is_file() and p.name != "sw.js"
                   and not (name := p.relative_to(site).as_posix()).startswith(NOT_PRECACHED))
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update((site / name).read_bytes())
    version = digest.hexdigest()[:16]
    template = (ROOT / "static" / "sw.js").read_text()
    (site / "sw.js").write_text(
        template.replace("__VERSION__", version).replace("__FILES__", json.dumps(["./"] + [
            f"./{f}" for f in files])))


if __name__ == "__main__":
    print(build())
