"""The menus of ``atout play`` without a game: choose a game, then its options and players."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import atout
from atout.bots import bot_names
from atout.games import game_info
from atout.i18n import Translator
from atout.i18n.options import bot_label, option_label, option_value
from atout.i18n.text import GameText

from .keys import KeySource
from .speech import Output
from .table import AZERTY_DIGITS


class MenuQuit(Exception):
    """The player left the menu."""


def choose(out: Output, keys: KeySource, tr: Translator, title: str,
           labels: Callable[[], list[str]], *, on_change: Callable[[int, int], bool] | None = None,
           ) -> int:
    """Let the player pick an item: arrows or digits move and say, Enter picks.

    ``on_change(index, step)``, when given, changes an item's value with Left and Right
    (and Enter, on any item but the first; it returns True when it did); the new label is
    said.
    """
    current = 0
    out.say(tr._("{title} Arrows move, Enter chooses, Q leaves.").format(title=title))
    out.tell(labels()[0])
    while True:
        try:
            key = keys.read(None)
        except (EOFError, KeyboardInterrupt):
            raise MenuQuit from None
        if key is None:
            continue
        key = AZERTY_DIGITS.get(key, key)
        items = labels()
        if key in ("q", "ctrl+c", "ctrl+d", "esc"):
            raise MenuQuit
        if key == "enter":
            if on_change is not None and current > 0 and on_change(current, 1):
                out.tell(labels()[current])
                continue
            return current
        if key in ("down", "up", "home", "end") or (key.isdigit() and key != "0"):
            if key == "down":
                current = min(current + 1, len(items) - 1)
            elif key == "up":
                current = max(current - 1, 0)
            elif key == "home":
                current = 0
            elif key == "end":
                current = len(items) - 1
            elif int(key) <= len(items):
                current = int(key) - 1
            out.tell(items[current])
            continue
        if key in ("left", "right"):
            if on_change is not None and on_change(current, 1 if key == "right" else -1):
                out.tell(labels()[current])
            else:
                current = max(0, min(current + (1 if key == "right" else -1), len(items) - 1))
                out.tell(items[current])
            continue
        if key in ("?", "f1"):
            out.tell(tr._("Up and Down arrows or 1 to 9 move, Left and Right change a "
                          "setting, Enter chooses, Q leaves."))
            continue
        if key == "space":
            out.tell(items[current])
            continue
        out.tell(tr._("The key {key} does nothing here. Press ? for help.").format(
            key=key.upper()))


def choose_game(out: Output, keys: KeySource, tr: Translator) -> str:
    """The game the player picks."""
    infos = atout.games()
    probe = GameText(tr, 0, 2)
    titles = [probe.title(i.name, i.title) for i in infos]
    index = choose(out, keys, tr, tr._("Choose a game."), lambda: titles)
    return infos[index].name


def choose_settings(out: Output, keys: KeySource, tr: Translator, game: str,
                    options: dict[str, Any], bot: str) -> tuple[dict[str, Any], str]:
    """Options with a finite set of values and the computer players, then Start."""
    info = game_info(game)
    if info is None:
        raise ValueError(f"unknown game {game!r}")
    editable = [o for o in info.options
                if o.choices is not None or isinstance(o.default, bool)]
    values: dict[str, Any] = {o.name: options.get(o.name, o.default) for o in editable}
    bots = bot_names()
    state = {"bot": bot if bot in bots else bots[0]}

    def labels() -> list[str]:
        out_ = [tr._("Start the game"),
                tr._("Computer players: {bot}").format(bot=bot_label(tr, state["bot"]))]
        for o in editable:
            out_.append(tr._("{option}: {value}").format(
                option=option_label(tr, game, o.name), value=option_value(tr, values[o.name])))
        return out_

    def change(index: int, step: int) -> bool:
        if index == 1:
            state["bot"] = bots[(bots.index(state["bot"]) + step) % len(bots)]
            return True
        if index >= 2:
            o = editable[index - 2]
            choices = list(o.choices) if o.choices is not None else [False, True]
            cur = values[o.name]
            values[o.name] = choices[(choices.index(cur) + step) % len(choices)] \
                if cur in choices else choices[0]
            return True
        return False

    choose(out, keys, tr, tr._("Settings: Enter or Left and Right change a setting."),
           labels, on_change=change)
    chosen = dict(options)
    for o in editable:
        if values[o.name] != o.default or o.name in options:
            chosen[o.name] = values[o.name]
    return chosen, state["bot"]


__all__ = ["MenuQuit", "choose", "choose_game", "choose_settings"]
