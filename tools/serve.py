"""Serve a folder over HTTP, sending the precompressed siblings tools/precompress.py writes.

For a GET or HEAD of a file X, the server sends ``X.br`` to a client whose Accept-Encoding
allows br, else ``X.gz`` to one that allows gzip, else X itself; with ``Content-Encoding``,
``Vary: Accept-Encoding`` and X's own type. A sibling older than X (X changed after the build)
is ignored. Everything else (folders' index.html, redirects, 404) is Python's http.server.

    python tools/serve.py [--port N] [--bind ADDR] DIRECTORY
"""

import argparse
import contextlib
import email.utils
import ipaddress
import os
import threading
import urllib.parse
from collections.abc import Callable
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

ENCODINGS = [("br", ".br"), ("gzip", ".gz")]  # in the order the server prefers them


def accepted(header: str) -> set[str]:
    """The content codings an Accept-Encoding header allows (q > 0; ``*`` for any other)."""
    weights = {}
    for part in header.split(","):
        name, *params = (p.strip() for p in part.split(";"))
        weight = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if name:
            weights[name.lower()] = weight
    anything = weights.get("*", 0.0)
    return {coding for coding, _ in ENCODINGS if weights.get(coding, anything) > 0}


class Handler(SimpleHTTPRequestHandler):
    """http.server's handler, sending a file's fresh precompressed sibling where it may."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json",
                      ".webmanifest": "application/manifest+json"}

    def sent(self, path: str, nbytes: int) -> None:
        """Called once per GET, after the response, with the bytes of the file sent (0 for
        anything else: a 304, a redirect, a folder's listing, an error): a hook for counting
        what goes over the wire."""

    def variant(self, path: str) -> tuple[str | None, str]:
        """The coding and file to send for the file ``path``."""
        allowed = accepted(self.headers.get("Accept-Encoding", ""))
        for coding, suffix in ENCODINGS:
            sibling = path + suffix
            if (coding in allowed and os.path.isfile(sibling)
                    and os.stat(sibling).st_mtime >= os.stat(path).st_mtime):
                return coding, sibling
        return None, path

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urllib.parse.urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()  # a folder's redirect or listing, a 404
        coding, body = self.variant(path)
        file = open(body, "rb")  # noqa: SIM115 (the caller sends and closes it)
        try:
            stat = os.fstat(file.fileno())
            if self.unchanged(stat.st_mtime):
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                file.close()
                return None
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Length", str(stat.st_size))
            self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
            self.send_header("Vary", "Accept-Encoding")
            if coding:
                self.send_header("Content-Encoding", coding)
            self.end_headers()
            self.length = stat.st_size
            return file
        except BaseException:
            file.close()
            raise

    def unchanged(self, mtime: float) -> bool:
        """Whether the request's If-Modified-Since (without If-None-Match) covers ``mtime``."""
        if "If-None-Match" in self.headers or "If-Modified-Since" not in self.headers:
            return False
        try:
            since = email.utils.parsedate_to_datetime(self.headers["If-Modified-Since"])
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return since.tzinfo is not None and int(mtime) <= since.timestamp()

    def do_GET(self):
        self.length = 0
        file = self.send_head()
        if file:
            try:
                self.copyfile(file, self.wfile)
            finally:
                file.close()
        self.sent(self.path, self.length)


def server(directory: str, port: int, bind: str = "127.0.0.1",
           handler: type[Handler] = Handler) -> ThreadingHTTPServer:
    """A server of ``directory`` (``port`` 0: a free one), not yet serving."""
    return ThreadingHTTPServer((bind, port), partial(handler, directory=str(directory)))


@contextlib.contextmanager
def telling(directory, tell: Callable[[str, int], None]):
    """``directory`` served on a free localhost port in a thread of this process, quietly,
    calling ``tell(path, body bytes)`` after each response (for tests and the benchmark,
    which count what a visit costs); yields the base URL."""
    class Telling(Handler):
        def sent(self, path, nbytes):
            tell(path, nbytes)

        def log_message(self, *args):
            pass

    with server(directory, 0, handler=Telling) as httpd:
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{httpd.server_address[1]}/"
        finally:
            httpd.shutdown()


def greeting(directory: str, host: str, port: int) -> str:
    """What the server says as it starts: where it serves, and, when other devices may open
    it, that games played on several devices need https there (README.md, "Phones")."""
    said = f"Serving {directory} at http://{host}:{port}/ (Ctrl-C stops it)"
    try:
        local = ipaddress.ip_address(host).is_loopback
    except ValueError:  # a name
        local = host == "localhost"
    if local:
        return said
    return (f"{said}\nPhones on this network open http://<this computer's address>:{port}/. "
            "Games at one device work there; games played on several devices (a person on "
            "another device, live in this room) need the table at an https:// address: publish "
            "build/site on an HTTPS host (README.md, \"Phones\").")


def serve(directory: str, port: int, bind: str = "127.0.0.1") -> None:
    """Serve ``directory`` until interrupted."""
    with server(directory, port, bind) as httpd:
        host, port = httpd.server_address[:2]
        print(greeting(directory, host, port), flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            httpd.serve_forever()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("directory")
    args = parser.parse_args()
    serve(args.directory, args.port, args.bind)
