"""Precompressed siblings for a built site: ``X.br`` and ``X.gz`` beside each file worth it.

A server that finds ``X.br`` (or ``X.gz``) sends it with ``Content-Encoding`` to a browser
that accepts it, and the browser decodes it (tools/serve.py; docs/delivery.md). Brotli at
quality 11 is far too slow to run per request, hence done once here: by Node.js's built-in
zlib (tools/precompress.mjs), since Python's standard library has no brotli and the build
needs Node.js anyway; gzip -9 by Python's own gzip module (deterministic with mtime 0, and a
little smaller than Node's here). Brotli takes about 25 s for pyodide.asm.wasm alone, so each
output is kept in build/precompressed/ under the SHA-256 of its input: a rebuild compresses
only the files that changed.
"""

import gzip
import hashlib
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "build" / "precompressed"
TEXT_LIKE = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".webmanifest", ".py", ".txt",
             ".wasm", ".zip"}
SMALLEST = 1024  # below this, a compressed response saves too little to matter
WORTH = 0.9  # a sibling is written only if it is below this share of the file's size


def candidates(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*") if p.is_file() and p.suffix in TEXT_LIKE
                  and p.stat().st_size >= SMALLEST)


def brotli(files: list[Path], cache: Path) -> dict[Path, Path]:
    """Each file's brotli output in ``cache``, compressing only the ones not there yet; the
    cache keeps exactly these outputs."""
    cache.mkdir(parents=True, exist_ok=True)
    outputs = {f: cache / f"{hashlib.sha256(f.read_bytes()).hexdigest()}.br" for f in files}
    missing = {out: f for f, out in outputs.items() if not out.exists()}
    if missing:
        pairs = [str(arg) for out, f in missing.items() for arg in (f, f"{out}.tmp")]
        subprocess.run(["node", str(ROOT / "tools" / "precompress.mjs"), *pairs], check=True)
        for out in missing:
            Path(f"{out}.tmp").replace(out)
    for old in set(cache.iterdir()) - set(outputs.values()):
        old.unlink()
    return outputs


def precompress(site: Path, cache: Path = CACHE) -> list[Path]:
    """Write ``X.br`` and ``X.gz`` beside each text-like file of ``site`` of at least 1 KB,
    each only if clearly smaller than the file; returns the files written."""
    written = []
    for file, br in brotli(candidates(site), cache).items():
        size = file.stat().st_size
        gz = gzip.compress(file.read_bytes(), compresslevel=9, mtime=0)
        if br.stat().st_size < WORTH * size:
            shutil.copyfile(br, f"{file}.br")
            written.append(Path(f"{file}.br"))
        if len(gz) < WORTH * size:
            Path(f"{file}.gz").write_bytes(gz)
            written.append(Path(f"{file}.gz"))
    return written
