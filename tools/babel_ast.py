"""Babel's extraction method for this project's Python (``babel.cfg``): it reads each file's
syntax tree, so texts marked inside f-strings are found too (on Python 3.11 Babel's own
extractor sees an f-string as one token and misses the ``_("…")`` calls inside it)."""

import ast
import json

PLURAL_MARK = "N_plural"  # web/base/messages.py: a plural text defined ahead, like ngettext's


def extract(fileobj, keywords, comment_tags, options):
    """Yield (line, function, message(s), comments) for every ``_``, ``N_``, ``ngettext`` and
    ``N_plural`` call whose arguments are literal texts (``N_plural`` as ``ngettext``)."""
    tree = ast.parse(fileobj.read().decode(options.get("encoding", "utf-8")))
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and (node.func.id in keywords or node.func.id == PLURAL_MARK)):
            continue
        texts = [a.value for a in node.args
                 if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        plural = node.func.id in ("ngettext", PLURAL_MARK)
        wanted = 2 if plural else 1
        if len(texts) >= wanted and all(isinstance(a, ast.Constant) for a in node.args[:wanted]):
            yield (node.lineno, "ngettext" if plural else node.func.id,
                   texts[0] if wanted == 1 else tuple(texts[:2]), [])


CONTENT_FIELDS = ("name", "title", "text")  # the displayed texts of the content data


def extract_content(fileobj, keywords, comment_tags, options):
    """Yield (line, None, text, comments) for every displayed text of a content data file
    (``engine/*/data/*.json``: the ``name``, ``title`` and ``text`` fields at any depth). The
    data stays English; a screen shows ``_(crook["name"])`` (docs/i18n.md)."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    found = []

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in CONTENT_FIELDS and isinstance(value, str) and value:
                    found.append(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(json.loads(source))
    for text in found:
        at = source.find(json.dumps(text, ensure_ascii=False)[1:-1])
        yield (source.count("\n", 0, max(at, 0)) + 1, None, text, [])
