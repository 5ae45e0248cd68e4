"""The parser of one ``atout`` command: the standard library's :mod:`argparse`, refusing in
atout's words.

:class:`Parser` reads a command's arguments and raises :class:`~atout.cli_errors.UsageError`
instead of printing argparse's English and exiting; :func:`whole` and :func:`number` check a
value and its bounds; :class:`Switch` is an on/off option with its ``--no-`` form. Help is
argparse's: plain lines, in the command line's language (argparse reads the standard
:mod:`gettext`'s current domain, like atout's ``cli.po``).
"""

from __future__ import annotations

import argparse
import os
import sys
from gettext import gettext

from atout.cli_errors import (
    UsageError,
    at_least,
    at_most,
    extra_arguments,
    invalid_value,
    missing,
    needs_value,
    no_option,
    number_expected,
    whole_expected,
)

TYPE_CHECKING = False  # typing's own costs the command line's start; mypy reads this one too
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any, NoReturn


def whole(hint: str, least: int | None = None,
          most: int | None = None) -> Callable[[str], int]:
    """A converter to a whole number within bounds, refusing in words naming ``hint``."""
    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise invalid_value(hint, whole_expected()) from None
        if least is not None and value < least:
            raise invalid_value(hint, at_least(least))
        if most is not None and value > most:
            raise invalid_value(hint, at_most(most))
        return value

    return convert


def number(hint: str, least: float | None = None) -> Callable[[str], float]:
    """A converter to a number at least ``least``, refusing in words naming ``hint``."""
    def convert(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise invalid_value(hint, number_expected()) from None
        if least is not None and not value >= least:
            raise invalid_value(hint, at_least(least))
        return value

    return convert


class Switch(argparse.Action):
    """An option that is on or off: ``--speak`` turns it on, ``--no-speak`` off."""

    def __init__(self, option_strings: Sequence[str], dest: str, default: bool = False,
                 help: str | None = None) -> None:
        names = [n for s in option_strings for n in (s, "--no-" + s.lstrip("-"))]
        super().__init__(names, dest, nargs=0, default=default, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        """Set the option from the form given."""
        setattr(namespace, self.dest, not (option_string or "").startswith("--no-"))

    def format_usage(self) -> str:
        """Both forms, as argparse shows them in a usage line."""
        return " | ".join(self.option_strings)


def help_width() -> int:
    """The width of help lines: the terminal's (or ``$COLUMNS``), at most 100 columns."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        stream = sys.__stdout__
        try:
            columns = os.get_terminal_size(stream.fileno()).columns if stream else 80
        except (AttributeError, ValueError, OSError):
            columns = 80
    return max(40, min(columns, 100) - 2)


class _Formatter(argparse.HelpFormatter):
    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=26, width=help_width())


class Parser(argparse.ArgumentParser):
    """One command's parser: :meth:`read` gives its arguments or raises a
    :class:`~atout.cli_errors.UsageError` naming the command."""

    def __init__(self, prog: str, description: str, positionals: str = "") -> None:
        usage = " ".join(part for part in (prog, gettext("[options]"), positionals) if part)
        plain: dict[str, Any] = {"color": False} if sys.version_info >= (3, 14) else {}
        self.option_names: list[str] = []  # filled by add_argument, --help first
        super().__init__(prog=prog, usage=usage, description=description,
                         formatter_class=_Formatter, allow_abbrev=False, exit_on_error=False,
                         **plain)  # no colour: plain lines for a screen reader

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """argparse's, remembering the option's names for the suggestions."""
        action = super().add_argument(*args, **kwargs)
        self.option_names += action.option_strings
        return action

    def positional(self, name: str, help: str, *, required: bool = True,
                   type: Callable[[str], Any] = str) -> None:
        """A positional argument; a missing required one gets atout's sentence."""
        self.add_argument(name, nargs=None if required else "?", help=help, type=type)

    def read(self, argv: Sequence[str]) -> argparse.Namespace:
        """The arguments of ``argv``; a :class:`~atout.cli_errors.UsageError` naming what
        is wrong otherwise."""
        try:
            namespace, extras = self.parse_known_intermixed_args(list(argv))
        except UsageError as exc:
            exc.command = exc.command or self.prog
            raise
        except argparse.ArgumentError as exc:
            raise self._reworded(exc) from None
        options = [a for a in extras if a.startswith("-") and len(a) > 1]
        if options:
            import difflib

            name = options[0].split("=", 1)[0]
            close = difflib.get_close_matches(name, self.option_names)
            raise UsageError(no_option(name, close).message, self.prog)
        if extras:
            raise UsageError(extra_arguments(extras).message, self.prog)
        return namespace

    def _reworded(self, exc: argparse.ArgumentError) -> UsageError:
        name = exc.argument_name
        if exc.message == gettext("expected one argument") and name:
            said = needs_value(name.split("/")[0])
        elif name:
            said = invalid_value(name.split("/")[0], exc.message)
        else:
            said = self._required_or_plain(exc.message)
        return UsageError(said.message, self.prog)

    def _required_or_plain(self, message: str) -> UsageError:
        head = gettext("the following arguments are required: %s").split("%s")[0]
        if head and message.startswith(head):
            return missing([n.strip() for n in message[len(head):].split(",")])
        return UsageError(message)

    def error(self, message: str) -> NoReturn:
        """argparse's last resort (a required argument missing): raise, never exit."""
        raise UsageError(self._required_or_plain(message).message, self.prog)


__all__ = ["Parser", "Switch", "help_width", "number", "whole"]
