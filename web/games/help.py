"""A game's help page (its face's ``help`` module, ``render()``): the rules in brief, then the
game's own panels (its cards, its crooks), drawn once for each language."""

from collections.abc import Callable
from functools import cache

from web.base import i18n
from web.base.i18n import _
from web.base.markup import e


def plain(term: str | None, text: str) -> str:
    """A paragraph of the rules: its term in bold, then its text (message ids)."""
    return (f"<strong>{e(_(term))}</strong> " if term else "") + e(_(text))


def panel(title: str, body: str) -> str:
    """A panel of the help page: ``title`` and the HTML ``body``."""
    return f'<section class="panel help"><h2>{e(title)}</h2>{body}</section>'


def page(name: str, rules: list, panels: Callable[[], str],
         paragraph: Callable[[str | None, str], str] = plain) -> Callable[[], str]:
    """The ``render()`` of ``name``'s help page: a heading and paragraphs for each topic of
    ``rules`` ((topic, [(term, text)]), message ids, each paragraph drawn by ``paragraph``),
    then ``panels()``."""

    @cache
    def drawn(language: str) -> str:
        body = "".join(f"<h3>{e(_(topic))}</h3>" + "".join(
            f"<p>{paragraph(term, text)}</p>" for term, text in paragraphs)
            for topic, paragraphs in rules)
        title = _("{game}: the rules in brief").format(game=_(name))
        return (f'<section class="panel help"><h2 id="screen-title" tabindex="-1">'
                f"{e(title)}</h2>{body}</section>" + panels())

    def render() -> str:
        """The help page in the active language."""
        return drawn(i18n.current())

    return render
