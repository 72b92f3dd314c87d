"""Messages from the engine, rendered in the active language (docs/i18n.md).

The engine writes no sentences: a log line, a prompt or a scoring step is ``{"msg": id, "args":
{...}}`` with data arguments (seat numbers, ids, numbers). Each game's web package has a
``messages.py`` with a table ``id -> N_("English template")`` (or ``N_plural(singular,
plural, count_arg)`` for ``ngettext``) and a function turning one argument into text;
``render`` puts them together. Whole sentences are translated, placeholders are named after
the arguments.
"""

from collections.abc import Callable

from web.base.i18n import _, ngettext

Template = str | tuple[str, str, str]


def N_plural(singular: str, plural: str, count: str) -> tuple[str, str, str]:
    """Marks a plural text where it is defined (extracted like ``ngettext``): the template is
    chosen by the message's argument ``count``."""
    return singular, plural, count

Arg = Callable[[str, object], str]  # (argument's name, its value) -> text


def template(table: dict[str, Template], msg: str, args: dict) -> str | None:
    """The translated template of ``msg`` (its plural form chosen by its count argument), or
    None when the table has no such message."""
    entry = table.get(msg)
    if entry is None:
        return None
    if isinstance(entry, tuple):
        singular, plural, count = entry
        return ngettext(singular, plural, int(args[count]))
    return _(entry)


def render(message: dict, table: dict[str, Template], arg: Arg) -> str:
    """A message as text in the active language. A message the table lacks shows its id (the
    tests make sure every id the engine writes has its entry)."""
    args = message.get("args") or {}
    text = template(table, message["msg"], args)
    if text is None:
        return str(message["msg"])
    return text.format(**{key: arg(key, value) for key, value in args.items()})


def and_list(items: list[str]) -> str:
    """``A``, ``A and B``, ``A, B and C`` in the active language."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])
