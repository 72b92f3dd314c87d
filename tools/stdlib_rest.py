"""The standard library's modules this build leaves out, on first need: the trimmed standard
library (tools/compile_pyc.mjs) ships this file as its ``sitecustomize``, which Python's start
imports. A module the table does not import is not downloaded with it; if a rare path imports
one, it is fetched with the rest of the library (not precached: online only), with a line on
stderr naming it, or, offline, fails with an error that says so.
"""

import codecs
import sys
from importlib.machinery import PathFinder

REST = "__REST__"  # the rest's file, beside the trimmed one (compile_pyc.mjs fills both in)
# the names of its modules at the top or in a package this build ships (the modules of a
# package it leaves out are found through that package)
LEFT_OUT = frozenset(["__LEFT_OUT__"])


class RestOfTheLibrary:
    """Last on ``sys.meta_path``: finds a left-out module in the rest, fetched once."""

    fetched = None  # where the rest is in the file system, once fetched

    def find_spec(self, name, path=None, target=None):
        if name not in LEFT_OUT:
            return None
        from js import URL, location  # not at start: the js module comes after site
        url = URL.new(f"pyodide/{REST}", location.href).href
        try:
            self.fetched = self.fetched or self.fetch(url)
        except Exception as error:
            raise ModuleNotFoundError(
                f"No module named {name!r}: the standard library's {name} is not in this build"
                f" (tools/stdlib_modules.txt), and fetching the rest ({url}) failed: {error}",
                name=name) from error
        sys.stderr.write(f"{name}: not in this build's standard library (tools/stdlib_modules"
                         f".txt), imported from the rest of it ({url})\n")
        folder = "/".join([self.fetched, *name.split(".")[:-1]])
        return PathFinder.find_spec(name, [folder], target)

    @staticmethod
    def fetch(url: str) -> str:
        """The rest's file, fetched at once (an import cannot wait) and written beside the
        trimmed library; returns its path."""
        from js import XMLHttpRequest
        request = XMLHttpRequest.new()
        request.open("GET", url, False)
        request.overrideMimeType("text/plain; charset=x-user-defined")  # a byte a character
        request.send()
        if request.status != 200:
            raise OSError(f"HTTP {request.status}")
        path = f"/lib/{REST}"
        with open(path, "wb") as file:
            # x-user-defined: byte b as U+F700 + b for b >= 0x80, else as itself, so each
            # character's low byte (by the codec itself: its module may be left out too)
            file.write(codecs.utf_16_le_encode(request.responseText)[0][::2])
        return path


sys.meta_path.append(RestOfTheLibrary())
