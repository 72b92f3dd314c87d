"""tools/precompress.py writes .br/.gz siblings where they pay; tools/serve.py sends them only
to a client that accepts their coding, with the base file's type."""

import contextlib
import gzip
import http.client
import importlib.util
import os
import random
import socket
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def tool(name: str):
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


serve = tool("serve")
precompress = tool("precompress")

TEXT = ("def table(seats):\n    return [seat * 2 for seat in seats]\n" * 80).encode()


def unbrotli(data: bytes) -> bytes:
    return subprocess.run(
        ["node", "-e", "process.stdout.write(require('zlib').brotliDecompressSync("
         "require('fs').readFileSync(0)))"], input=data, capture_output=True, check=True).stdout


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A small site under /games/table/ of the served folder, precompressed."""
    root = tmp_path_factory.mktemp("served")
    site = root / "games" / "table"
    (site / "sub").mkdir(parents=True)
    files = {"index.html": TEXT, "runtime.mjs": TEXT, "app.wasm": TEXT, "sub/index.html": TEXT,
             "manifest.webmanifest": TEXT, "tiny.js": b"let x = 1;\n" * 10,
             "noise.zip": random.Random(1).randbytes(4096)}
    for name, data in files.items():
        (site / name).write_bytes(data)
    written = precompress.precompress(site, cache=root.parent / f"{root.name}-cache")
    worth = ["index.html", "runtime.mjs", "app.wasm", "sub/index.html", "manifest.webmanifest"]
    assert sorted(written) == sorted(site / f"{n}{s}" for n in worth for s in (".br", ".gz"))
    (site / "ghost.js.br").write_bytes((site / "app.wasm.br").read_bytes())  # no ghost.js
    return root


@pytest.fixture(scope="module")
def server(site):
    """(host, port, sent): the folder served by tools/serve.py in a thread; ``sent`` collects
    what its ``sent`` hook is told."""
    sent = []
    with serve.telling(site, lambda path, nbytes: sent.append((path, nbytes))) as url:
        host, port = urllib.parse.urlsplit(url).netloc.split(":")
        yield host, int(port), sent


def get(server, path: str, method: str = "GET", **headers) -> http.client.HTTPResponse:
    host, port, _ = server
    connection = http.client.HTTPConnection(host, port, timeout=10)
    connection.request(method, path, headers={k.replace("_", "-"): v for k, v in headers.items()})
    response = connection.getresponse()
    response.body = response.read()
    connection.close()
    return response


@pytest.mark.parametrize("accept, coding", [
    (None, None), ("identity", None), ("gzip, deflate", "gzip"), ("gzip, deflate, br, zstd", "br"),
    ("br;q=0, gzip", "gzip"), ("br;q=0.5, gzip;q=1", "br"), ("*", "br"), ("*, br;q=0", "gzip"),
    ("gzip;q=0, br;q=0", None)])
def test_each_client_gets_a_coding_it_accepts_and_the_same_bytes(server, site, accept, coding):
    headers = {"Accept_Encoding": accept} if accept else {}
    response = get(server, "/games/table/app.wasm", **headers)
    assert response.status == 200
    assert response.getheader("Content-Encoding") == coding
    assert response.getheader("Content-Type") == "application/wasm"
    assert response.getheader("Vary") == "Accept-Encoding"
    assert int(response.getheader("Content-Length")) == len(response.body)
    decode = {None: bytes, "gzip": gzip.decompress, "br": unbrotli}[coding]
    assert decode(response.body) == TEXT
    if coding:
        assert len(response.body) < len(TEXT) * 0.9


@pytest.mark.parametrize("path, kind", [
    ("/games/table/", "text/html"), ("/games/table/sub/", "text/html"),
    ("/games/table/runtime.mjs", "text/javascript"),
    ("/games/table/manifest.webmanifest", "application/manifest+json")])
def test_the_type_is_the_base_files(server, path, kind):
    response = get(server, path, Accept_Encoding="br")
    assert response.getheader("Content-Type") == kind
    assert response.getheader("Content-Encoding") == "br"
    assert unbrotli(response.body) == TEXT


def test_files_without_siblings_go_as_they_are(server, site):
    for name in ("tiny.js", "noise.zip"):
        response = get(server, f"/games/table/{name}", Accept_Encoding="br, gzip")
        assert response.status == 200 and response.getheader("Content-Encoding") is None
        assert response.body == (site / "games" / "table" / name).read_bytes()


def test_missing_files_and_folders_without_a_slash(server):
    assert get(server, "/games/table/missing.js", Accept_Encoding="br").status == 404
    # a sibling alone is no file: ghost.js.br exists, ghost.js does not
    assert get(server, "/games/table/ghost.js", Accept_Encoding="br").status == 404
    assert get(server, "/games/table/app.wasm/", Accept_Encoding="br").status == 404
    moved = get(server, "/games/table")
    assert moved.status == 301 and moved.getheader("Location") == "/games/table/"


def test_a_sibling_older_than_its_file_is_not_sent(server, site):
    folder = site / "games" / "table"
    (folder / "stale.js").write_bytes(TEXT)
    (folder / "stale.js.br").write_bytes(b"not what stale.js holds now")
    old = (folder / "stale.js").stat().st_mtime - 60
    os.utime(folder / "stale.js.br", (old, old))
    response = get(server, "/games/table/stale.js", Accept_Encoding="br")
    assert response.getheader("Content-Encoding") is None and response.body == TEXT


def test_head_and_not_modified(server, site):
    head = get(server, "/games/table/app.wasm", "HEAD", Accept_Encoding="br")
    brotli = site / "games" / "table" / "app.wasm.br"
    assert head.body == b"" and head.getheader("Content-Encoding") == "br"
    assert int(head.getheader("Content-Length")) == brotli.stat().st_size
    again = get(server, "/games/table/app.wasm", Accept_Encoding="br",
                If_Modified_Since=head.getheader("Last-Modified"))
    assert again.status == 304 and again.body == b""


def test_the_hook_counts_the_bytes_sent(server, site):
    """Once per GET, told after the body is out (so the test waits for it); the queries tell
    the requests apart."""
    _, _, sent = server
    folder = site / "games" / "table"
    expected = {"/games/table/app.wasm?hook=br": (folder / "app.wasm.br").stat().st_size,
                "/games/table/app.wasm?hook=plain": len(TEXT),
                "/games/table/missing.js?hook=404": 0}
    get(server, "/games/table/app.wasm?hook=br", Accept_Encoding="br")
    get(server, "/games/table/app.wasm?hook=plain")
    get(server, "/games/table/missing.js?hook=404")
    deadline = time.monotonic() + 5
    while len([p for p, _ in sent if p in expected]) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert sorted(e for e in sent if e[0] in expected) == sorted(expected.items())


def first_words(bind: str, directory) -> str:
    """What tools/serve.py prints as it starts serving at ``bind`` (as `make play` runs it)."""
    with socket.socket() as s:
        s.bind((bind, 0))
        port = s.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, str(TOOLS / "serve.py"), "--port", str(port), "--bind", bind,
         str(directory)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        for _ in range(100):  # serving: it has said its words
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            time.sleep(0.05)
    finally:
        process.terminate()
    return process.communicate(timeout=10)[0]


def test_served_to_other_devices_it_says_that_games_on_several_devices_need_https(site):
    """`make play HOST=0.0.0.0` lets phones in at a plain http:// address, where the browser
    cannot sign a remote game's links (issue 52): the server says so as it starts."""
    shared = first_words("0.0.0.0", site)
    assert "Phones on this network open http://" in shared
    assert "games played on several devices" in shared and "https://" in shared
    assert "https" not in first_words("127.0.0.1", site)
