"""The command line's usage errors in the player's language, as plain lines.

typer checks the options' values with pydantic and formats its errors itself, in English and
in a box of line-drawing characters that a screen reader reads aloud. :func:`usage_error`
builds the sentence again from what the error holds (which option, what was wrong) with
atout's command-line catalogue (``cli.po``, the current :mod:`gettext` domain once
:func:`atout.i18n.use_cli_language` ran).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from gettext import gettext, ngettext

import typer

_PYDANTIC: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (re.compile(r"Input should be a valid integer"), lambda m: gettext(
        "a whole number was expected")),
    (re.compile(r"Input should be a valid number"), lambda m: gettext(
        "a number was expected")),
    (re.compile(r"Input should be greater than or equal to (\S+)"), lambda m: gettext(
        "it must be at least {n}").format(n=m.group(1))),
    (re.compile(r"Input should be greater than (\S+)"), lambda m: gettext(
        "it must be more than {n}").format(n=m.group(1))),
    (re.compile(r"Input should be less than or equal to (\S+)"), lambda m: gettext(
        "it must be at most {n}").format(n=m.group(1))),
    (re.compile(r"Input should be less than (\S+)"), lambda m: gettext(
        "it must be less than {n}").format(n=m.group(1))),
]


def _value_words(message: str) -> str:
    """A value check's message in the player's language (pydantic's words are English)."""
    for pattern, words in _PYDANTIC:
        found = pattern.match(message)
        if found:
            return words(found)
    return message


def _hint(exc: typer.BadParameter) -> str:
    hint = exc.param_hint
    if hint is None and exc.param is not None:
        hint = exc.param.get_error_hint()
    if isinstance(hint, str):
        return hint
    return " / ".join(f"'{h}'" for h in hint or ())


def usage_error(exc: Exception) -> str:
    """The sentence for one of typer's usage errors (an unknown option, a missing argument,
    a value that an option does not take), in the current command-line language."""
    option = getattr(exc, "option_name", None)
    if isinstance(option, str) and hasattr(exc, "possibilities"):
        said = gettext("There is no option {name}.").format(name=option)
        close = sorted(getattr(exc, "possibilities", None) or ())
        if close:
            said += " " + ngettext("Did you mean {possibility}?",
                                   "(Did you mean one of: {possibilities}?)",
                                   len(close)).format(possibility=close[0],
                                                      possibilities=", ".join(close))
        return said
    if isinstance(exc, typer.BadParameter):
        hint = _hint(exc)
        if hasattr(exc, "param_type"):  # a missing argument or option
            return gettext("Missing parameter: {param_name}").format(param_name=hint)
        if not hint:
            return gettext("Invalid value: {message}").format(
                message=_value_words(exc.message))
        return gettext("Invalid value for {param_hint}: {message}").format(
            param_hint=hint, message=_value_words(exc.message))
    format_message = getattr(exc, "format_message", None)
    said = str(format_message() if callable(format_message) else exc)
    head, _, near = said.partition(" Did you mean ")  # an unknown command's suggestions
    if near:
        names = [n.strip() for n in near.rstrip("?").split(",")]
        said = head + " " + ngettext("Did you mean {possibility}?",
                                     "(Did you mean one of: {possibilities}?)",
                                     len(names)).format(possibility=names[0],
                                                        possibilities=", ".join(names))
    return said


def usage_text(exc: Exception) -> str:
    """The lines said for a usage error: the error, then how to get help."""
    ctx = getattr(exc, "ctx", None)
    command = getattr(ctx, "command_path", None) or "atout"
    return "\n".join([gettext("Error: {message}").format(message=usage_error(exc)),
                      gettext("Try '{command} {option}' for help.").format(
                          command=command, option="--help")])


__all__ = ["usage_error", "usage_text"]
