"""Babel's extraction method for this project's Python (``babel.cfg``): it reads each file's
syntax tree, so texts marked inside f-strings are found too (on Python 3.11 Babel's own
extractor sees an f-string as one token and misses the ``_("…")`` calls inside it)."""

import ast


def extract(fileobj, keywords, comment_tags, options):
    """Yield (line, function, message(s), comments) for every ``_``, ``N_`` and ``ngettext``
    call whose arguments are literal texts."""
    tree = ast.parse(fileobj.read().decode(options.get("encoding", "utf-8")))
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in keywords):
            continue
        texts = [a.value for a in node.args
                 if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        wanted = 2 if node.func.id == "ngettext" else 1
        if len(texts) >= wanted and all(isinstance(a, ast.Constant) for a in node.args[:wanted]):
            yield (node.lineno, node.func.id, texts[0] if wanted == 1 else tuple(texts[:2]), [])
