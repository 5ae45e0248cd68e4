"""The options of a game: declared once on a frozen keyword-only dataclass, validated once.

A game declares each option with :func:`option` (its default, accepted values and meaning);
:func:`build_options` applies a preset and keywords over it and refuses, in words naming the
accepted values, anything else. :mod:`atout.core` re-exports these names.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, kw_only=True)
... class Opts:
...     target: int = option(7, choices=(7, 11), doc="points that win")
...     fast: bool = option(False, doc="play fast")
>>> build_options("demo", Opts, {"long": {"target": 11}}, "long", {"fast": True})
Opts(target=11, fast=True)
>>> build_options("demo", Opts, {}, None, {"target": 9})
Traceback (most recent call last):
ValueError: demo: option target=9 is not accepted: expected one of 7, 11
>>> [(o.name, o.default, o.choices) for o in describe_options(Opts)]
[('target', 7, (7, 11)), ('fast', False, None)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

JSON = Any
"""A JSON-ready value: None, bool, int, float, str, and lists and dicts of those."""


def option(default: Any, *, choices: Sequence[Any] | None = None, doc: str = "") -> Any:
    """Declare a field of a game's options dataclass, with its accepted values and a doc."""
    meta: dict[str, Any] = {"doc": doc}
    if choices is not None:
        meta["choices"] = tuple(choices)
    return field(default=default, metadata=meta)


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One option of a game: its name, default, accepted values (None: any) and meaning."""

    name: str
    default: JSON
    choices: tuple[JSON, ...] | None
    doc: str


OptionsT = TypeVar("OptionsT")


def _check_value(game: str, name: str, value: Any, default: Any,
                 choices: tuple[Any, ...] | None) -> None:
    if choices is not None:
        if value not in choices or (type(value) is not type(default) and not (
                isinstance(value, int) and isinstance(default, int)
                and not isinstance(value, bool) and not isinstance(default, bool))):
            accepted = ", ".join(repr(c) for c in choices)
            raise ValueError(f"{game}: option {name}={value!r} is not accepted: expected one "
                             f"of {accepted}")
    elif type(value) is not type(default):
        raise ValueError(f"{game}: option {name}={value!r} has the wrong type: expected "
                         f"{type(default).__name__}, like the default {default!r}")


def build_options(game: str, cls: type[OptionsT], presets: Mapping[str, Mapping[str, Any]],
                  preset: str | None, given: Mapping[str, Any]) -> OptionsT:
    """Validate options (a preset, then explicit keywords over it) into ``cls``.

    Raises ``ValueError`` naming the option and the accepted values.
    """
    known = {f.name: f for f in fields(cls)}  # type: ignore[arg-type]
    values: dict[str, Any] = {}
    if preset is not None:
        if preset not in presets:
            accepted = ", ".join(repr(p) for p in presets) or "none"
            raise ValueError(f"{game}: unknown preset {preset!r}: expected one of {accepted}")
        values.update(presets[preset])
    for name, value in given.items():
        if name not in known:
            accepted = ", ".join(sorted(known)) or "none"
            raise ValueError(f"{game}: unknown option {name!r}: the options are {accepted}")
        values[name] = value
    for name, value in values.items():
        f = known[name]
        _check_value(game, name, value, f.default, f.metadata.get("choices"))
    opts = cls(**values)
    check = getattr(opts, "validate", None)
    if check is not None:
        check()
    return opts


def describe_options(cls: type[Any]) -> list[OptionInfo]:
    """The :class:`OptionInfo` of every field of an options dataclass."""
    return [OptionInfo(f.name, f.default, f.metadata.get("choices"), f.metadata.get("doc", ""))
            for f in fields(cls)]


def options_dict(opts: Any) -> dict[str, JSON]:
    """An options dataclass instance as a plain dict."""
    return {f.name: getattr(opts, f.name) for f in fields(opts)}


__all__ = ["JSON", "OptionInfo", "OptionsT", "build_options", "describe_options", "option",
           "options_dict"]
