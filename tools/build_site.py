"""Build the static site into build/site: the page, the app, the runtime, the wheels.

Everything the browser loads comes from this folder; nothing is fetched from another host.
The runtime (Pyodide, PyScript) comes from node_modules (npm, pinned in package-lock.json),
the wheels from PyPI (pinned below), the app from this repository.
"""

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "site"
WHEEL_CACHE = ROOT / "build" / "wheels"
# Wheels for the browser's Python (3.14), pinned.
BROWSER_WHEELS = {"networkx": "3.6.1"}
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]


def run(*cmd: str) -> None:
    subprocess.run(cmd, check=True, cwd=ROOT)


def browser_wheels() -> list[Path]:
    """The pinned PyPI wheels, downloaded once into build/wheels."""
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    found = []
    for name, version in BROWSER_WHEELS.items():
        matches = sorted(WHEEL_CACHE.glob(f"{name}-{version}-*.whl"))
        if not matches:
            run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                "--only-binary=:all:", "--python-version", "3.14", "--dest", str(WHEEL_CACHE),
                f"{name}=={version}")
            matches = sorted(WHEEL_CACHE.glob(f"{name}-{version}-*.whl"))
        found.append(matches[0])
    return found


def project_wheel(dest: Path) -> Path:
    """The engine and the browser app, as the same package the tests use."""
    for old in dest.glob("thieves_table-*.whl"):
        old.unlink()
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
        "--wheel-dir", str(dest), ".")
    return next(dest.glob("thieves_table-*.whl"))


def build() -> Path:
    if SITE.exists():
        shutil.rmtree(SITE)
    (SITE / "wheels").mkdir(parents=True)
    shutil.copytree(ROOT / "static", SITE, dirs_exist_ok=True)
    pyodide = ROOT / "node_modules" / "pyodide"
    (SITE / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, SITE / "pyodide" / name)
    pyscript = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    shutil.copytree(pyscript, SITE / "pyscript", ignore=shutil.ignore_patterns("*.map"))
    wheels = [shutil.copy2(w, SITE / "wheels" / w.name) for w in browser_wheels()]
    wheels.append(project_wheel(SITE / "wheels"))
    config = {
        "interpreter": "./pyodide/pyodide.mjs",
        "files": {f"./wheels/{Path(w).name}": "./pkgs/*" for w in wheels},
    }
    (SITE / "pyscript.json").write_text(json.dumps(config, indent=2))
    write_service_worker()
    return SITE


def write_service_worker() -> None:
    """A service worker that precaches every file of this build under one versioned name."""
    files = sorted(p.relative_to(SITE).as_posix() for p in SITE.rglob("*")
                   if p.is_file() and p.name != "sw.js")
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update((SITE / name).read_bytes())
    version = digest.hexdigest()[:16]
    template = (ROOT / "static" / "sw.js").read_text()
    (SITE / "sw.js").write_text(
        template.replace("__VERSION__", version).replace("__FILES__", json.dumps(["./"] + [
            f"./{f}" for f in files])))


if __name__ == "__main__":
    print(build())
