"""Helpers for driving the real ``atout play`` through a pseudo-terminal (pexpect)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pexpect

SRC = str(Path(__file__).resolve().parent.parent / "src")

KEYS = {"up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
        "pgup": "\x1b[5~", "pgdn": "\x1b[6~", "home": "\x1b[H", "end": "\x1b[F",
        "f1": "\x1bOP", "ctrl+f1": "\x1b[1;5P", "enter": "\r"}

TEXTS = {
    "en": {"card_turn": r"Your turn: choose a card", "trump_turn": r"Your turn to choose the "
           r"trump", "played": r"You play |You choose |You push", "refused":
           r"You must follow|would under-trump|is not allowed now|not your turn",
           "end": r"Press Enter or Q to leave", "game_over": r"Game over",
           "saved": r"Game saved", "resumed": r"Game \d+ resumed", "unknown": r"does nothing"},
    "fr": {"card_turn": r"À vous : choisissez une carte", "trump_turn": r"À vous de choisir "
           r"l'atout", "played": r"Vous jouez |Vous choisissez |Vous chibrez", "refused":
           r"Vous devez fournir|sous-couperait|pas permis maintenant|pas votre tour",
           "end": r"Appuyez sur Entrée ou Q pour quitter", "game_over": r"Partie terminée",
           "saved": r"Partie sauvegardée", "resumed": r"Partie \d+ reprise",
           "unknown": r"ne fait rien"},
}


def atout_command() -> tuple[str, list[str]]:
    """The real ``atout`` command: the installed script, else the same entry point."""
    script = Path(sys.executable).parent / "atout"
    if script.exists():
        return str(script), []
    found = shutil.which("atout")
    if found:
        return found, []
    return sys.executable, ["-c", "from atout.cli import main; main()"]


def spawn(args: list[str], data: Path, lang_env: str = "C.UTF-8", *,
          path_prefix: str | None = None, speech: str | None = None) -> pexpect.spawn[str]:
    """``atout ARGS`` in a pseudo-terminal, saving into ``data`` (``path_prefix`` goes
    before PATH, ``speech`` names the speech back end)."""
    cmd, pre = atout_command()
    env = dict(os.environ)
    env.update({"ATOUT_DATA_DIR": str(data), "LANG": lang_env, "LC_ALL": lang_env,
                "LANGUAGE": "", "PYTHONIOENCODING": "utf-8",
                "PYTHONPATH": SRC + os.pathsep + env.get("PYTHONPATH", "")})
    if path_prefix is not None:
        env["PATH"] = path_prefix + os.pathsep + env.get("PATH", "")
    if speech is not None:
        env["ATOUT_SPEECH"] = speech
    child = pexpect.spawn(cmd, [*pre, *args], env=env, encoding="utf-8", timeout=20,
                          dimensions=(40, 200))
    child.delaybeforesend = None
    return child


def play_to_end(child: pexpect.spawn[str], lang: str) -> dict[str, int]:
    """Play by keys only until the game ends: at each card turn, try the cards from the first
    with a digit and Enter until one is accepted; choose the trump with End and Enter.

    Returns counts of turns, refusals and trump choices.
    """
    t = TEXTS[lang]
    counts = {"turns": 0, "refused": 0, "trump": 0}
    while True:
        i = child.expect([t["card_turn"], t["trump_turn"], t["end"]])
        if i == 2:
            return counts
        if i == 1:
            counts["trump"] += 1
            child.send(KEYS["end"])
            child.send(KEYS["enter"])
            child.expect(t["played"])
            continue
        counts["turns"] += 1
        for digit in "123456789":
            child.send(digit)
            child.send(KEYS["enter"])
            j = child.expect([t["played"], t["refused"]])
            if j == 0:
                break
            counts["refused"] += 1
        else:
            raise AssertionError("no card of the hand was accepted")


def store_player(data: Path) -> int:
    """The id of the person at this computer in the store of ``data``."""
    from atout.console.records import local_player
    from atout.store import Store

    with Store.open(data=data) as store:
        return store.player(local_player())
