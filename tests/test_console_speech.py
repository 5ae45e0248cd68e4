"""Speech that keeps up: a key press cuts off stale speech, urgent lines go first, and the
last line is said before the program exits (a fake back end, and a fake spd-say)."""

from __future__ import annotations

import io
import os
import stat
import threading
from pathlib import Path

import pexpect
import pytest

from atout.console.keys import HookedKeys, LineKeys
from atout.console.speech import Output, ProgramBackend, Speaker, find_backend
from console_helpers import TEXTS, spawn

GUARD = 20.0
"""A bound on waits that only guards against a hang; no assertion depends on timing."""


class FakeBackend:
    """A voice that says a line only when the test releases it, and records what it said
    and what was cut off."""

    name = "fake"

    def __init__(self) -> None:
        self.started: list[str] = []
        self.finished: list[str] = []
        self.cut: list[str] = []
        self.release = threading.Semaphore(0)
        self.began = threading.Semaphore(0)

    def speak(self, text: str, stop: threading.Event) -> None:
        self.started.append(text)
        self.began.release()
        while not self.release.acquire(timeout=0.01):
            if stop.is_set():
                self.cut.append(text)
                return
        self.finished.append(text)

    def close(self) -> None:
        pass


def test_a_key_press_cancels_what_was_queued() -> None:
    backend = FakeBackend()
    out = Output(io.StringIO(), Speaker(backend))
    for line in ("one", "two", "three", "four"):
        out.say(line)
    assert backend.began.acquire(timeout=GUARD)  # "one" is being said
    keys = HookedKeys(LineKeys(io.StringIO("right\n")), out.interrupt)
    assert keys.read() == "right"  # the key press cuts "one" and drops two, three, four
    out.tell("the seven of hearts")
    assert backend.began.acquire(timeout=GUARD)
    backend.release.release()
    assert out.speaker is not None and out.speaker.wait(GUARD)
    assert backend.cut == ["one"]
    assert backend.started == ["one", "the seven of hearts"]
    assert backend.finished == ["the seven of hearts"]
    out.close()


def test_urgent_lines_go_first() -> None:
    backend = FakeBackend()
    speaker = Speaker(backend)
    speaker.say("Bruno plays the six of hearts.")
    assert backend.began.acquire(timeout=GUARD)
    speaker.say("Clara plays the nine of hearts.")
    speaker.say("Your turn.", urgent=True)
    for _ in range(3):
        backend.release.release()
    assert speaker.wait(GUARD)
    assert backend.finished == ["Bruno plays the six of hearts.", "Your turn.",
                                "Clara plays the nine of hearts."]
    speaker.close()


def test_the_last_line_is_said_before_close_returns() -> None:
    backend = FakeBackend()
    out = Output(io.StringIO(), Speaker(backend))
    out.say("Game saved. Resume it with: atout play --resume")
    closing = threading.Thread(target=out.close)
    closing.start()
    assert backend.began.acquire(timeout=GUARD)
    assert closing.is_alive()  # close waits for the line being said
    backend.release.release()
    closing.join(GUARD)
    assert not closing.is_alive()
    assert backend.finished == ["Game saved. Resume it with: atout play --resume"]


def test_the_backend_is_chosen_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _fake_spd_say(tmp_path, tmp_path / "said.txt")
    monkeypatch.setenv("PATH", f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    backend = find_backend("fr", "spd-say")
    assert isinstance(backend, ProgramBackend) and backend.name == "spd-say"
    backend.speak("bonjour", threading.Event())
    assert (tmp_path / "said.txt").read_text(encoding="utf-8").splitlines() == [
        "-w -l fr bonjour"]
    assert find_backend("fr", "nothing-such") is None


def _fake_spd_say(folder: Path, log: Path) -> Path:
    """A stand-in for spd-say that writes its arguments, one call a line, to ``log``."""
    script = folder / "bin" / "spd-say"
    script.parent.mkdir(exist_ok=True)
    script.write_text(f'#!/bin/sh\necho "$*" >> "{log}"\n', encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def test_the_quit_line_is_spoken_before_exit(tmp_path: Path) -> None:
    """The real client with --speak and a fake spd-say: Q, and "Game saved" was spoken."""
    for lang in ("en", "fr"):
        log = tmp_path / f"said-{lang}.txt"
        fake = _fake_spd_say(tmp_path, log)
        child = spawn(["play", "jass", "--lang", lang, "--deals", "1", "--delay", "0",
                       "--seed", "3", "--speak"], tmp_path / lang,
                      path_prefix=str(fake.parent), speech="spd-say")
        child.expect(TEXTS[lang]["card_turn"])
        child.send("q")
        child.expect(TEXTS[lang]["saved"])
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
        said = log.read_text(encoding="utf-8").splitlines()
        assert said and TEXTS[lang]["saved"].replace("\\", "") in said[-1]
