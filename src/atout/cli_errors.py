"""The command line's usage errors in the player's language, as plain lines.

Every refusal of the command line (an unknown command or option, a missing argument, a value
an option does not take) is a :class:`UsageError` holding one sentence from atout's
command-line catalogue (``cli.po``, the current :mod:`gettext` domain once
:func:`atout.i18n.use_cli_language` ran); :func:`usage_text` adds how to get help. No box,
no colour: a screen reader reads the lines as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from gettext import gettext, ngettext


class UsageError(Exception):
    """A command line that cannot run: ``message`` says why, in the player's language.

    ``command`` is the command whose help the player should read (``atout play``); the
    command line fills it in when it is not known where the error is raised.
    """

    def __init__(self, message: str, command: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.command = command


def _did_you_mean(possibilities: Sequence[str]) -> str:
    return ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)",
                    len(possibilities)).format(possibility=possibilities[0],
                                               possibilities=", ".join(possibilities))


def no_option(name: str, close: Sequence[str] = ()) -> UsageError:
    """An option the command does not have, with the close ones it has."""
    said = gettext("There is no option {name}.").format(name=name)
    if close:
        said += " " + _did_you_mean(sorted(close))
    return UsageError(said)


def no_command(name: str, close: Sequence[str] = ()) -> UsageError:
    """A command that does not exist, with the close ones that do."""
    said = gettext("No such command {name!r}.").format(name=name)
    if close:
        said += " " + _did_you_mean([repr(c) for c in close])
    return UsageError(said)


def missing(names: Sequence[str]) -> UsageError:
    """Arguments the command needs and was not given."""
    return UsageError(gettext("Missing parameter: {param_name}").format(
        param_name=" / ".join(f"'{n}'" for n in names)))


def needs_value(option: str) -> UsageError:
    """An option given without its value."""
    return UsageError(ngettext("Option {name!r} requires an argument.",
                               "Option {name!r} requires {nargs} arguments.", 1).format(
        name=option, nargs=1))


def extra_arguments(args: Sequence[str]) -> UsageError:
    """Arguments left over once the command has all it takes."""
    return UsageError(ngettext("Got unexpected extra argument ({args})",
                               "Got unexpected extra arguments ({args})", len(args)).format(
        args=" ".join(args)))


def invalid_value(hint: str, words: str) -> UsageError:
    """A value that the argument named ``hint`` (``--deals``, ``number``) does not take."""
    return UsageError(gettext("Invalid value for {param_hint}: {message}").format(
        param_hint=f"'{hint}'", message=words))


def bad_value(message: str) -> UsageError:
    """A value refused by the command itself (an unknown game, a bad ``key=value``)."""
    return UsageError(gettext("Invalid value: {message}").format(message=message))


def whole_expected() -> str:
    """The words for a value that is not a whole number."""
    return gettext("a whole number was expected")


def number_expected() -> str:
    """The words for a value that is not a number."""
    return gettext("a number was expected")


def at_least(bound: float) -> str:
    """The words for a value under its lower bound."""
    return gettext("it must be at least {n}").format(n=bound)


def at_most(bound: float) -> str:
    """The words for a value over its upper bound."""
    return gettext("it must be at most {n}").format(n=bound)


def usage_text(exc: UsageError) -> str:
    """The lines said for a usage error: the error, then how to get help."""
    return "\n".join([gettext("Error: {message}").format(message=exc.message),
                      gettext("Try '{command} {option}' for help.").format(
                          command=exc.command or "atout", option="--help")])


__all__ = ["UsageError", "at_least", "at_most", "bad_value", "extra_arguments",
           "invalid_value", "missing", "needs_value", "no_command", "no_option",
           "number_expected", "usage_text", "whole_expected"]
