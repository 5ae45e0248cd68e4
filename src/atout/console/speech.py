"""What the client says: plain lines on the screen, a history, and optional speech.

Every message is one line of plain text, printed as it comes, so a screen reader speaks it.
With ``--speak`` the lines are also spoken, one after the other on a background thread, by
speech-dispatcher's own Python binding (``speechd``, Debian's ``python3-speechd``) when it can
be imported, else by the ``spd-say`` or ``espeak-ng`` program. Speech keeps up with the
player: a key press cuts off what is being said and drops what was waiting
(:meth:`Output.interrupt`), urgent lines (your turn) go before the others, and
:meth:`Output.close` lets the last lines finish before the program exits.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import threading
from collections import deque
from typing import IO, Any, Protocol

SPEECH_ENV = "ATOUT_SPEECH"
"""The environment variable that picks a speech back end: ``speechd``, ``spd-say`` or
``espeak-ng`` (by default the first of them that works)."""

POLL = 0.05
"""How often (seconds) a program back end looks whether its line was cut off."""


class Backend(Protocol):
    """A voice: says one line at a time, and stops at once when asked."""

    name: str

    def speak(self, text: str, stop: threading.Event) -> None:
        """Say ``text``; return when it is said, or as soon as ``stop`` is set."""

    def close(self) -> None:
        """Let go of the voice."""


class SpeechdBackend:
    """speech-dispatcher through its Python binding: one connection, cancel at once."""

    name = "speech-dispatcher"

    def __init__(self, lang: str) -> None:
        import speechd  # type: ignore[import-not-found,unused-ignore]

        self._speechd: Any = speechd
        self._client: Any = speechd.SSIPClient("atout")
        with contextlib.suppress(Exception):
            self._client.set_language(lang)

    def speak(self, text: str, stop: threading.Event) -> None:
        """Hand the line to speech-dispatcher and wait for its end (or cancel it)."""
        done = threading.Event()
        kinds = (self._speechd.CallbackType.END, self._speechd.CallbackType.CANCEL)
        self._client.speak(text, callback=lambda *_a, **_k: done.set(), event_types=kinds)
        while not done.wait(POLL):
            if stop.is_set():
                self._client.cancel()
                return

    def close(self) -> None:
        """Close the connection to speech-dispatcher."""
        with contextlib.suppress(Exception):
            self._client.close()


class ProgramBackend:
    """A speech program run once per line (``spd-say -w``, ``espeak-ng``), stopped by
    ending it (and, for ``spd-say``, by asking speech-dispatcher to stop)."""

    def __init__(self, command: list[str], stop_command: list[str] | None = None) -> None:
        self.command = command
        self.stop_command = stop_command
        self.name = os.path.basename(command[0])

    def speak(self, text: str, stop: threading.Event) -> None:
        """Run the program on ``text``; end it when ``stop`` is set."""
        try:
            proc = subprocess.Popen([*self.command, text], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
        except OSError:
            return
        while proc.poll() is None:
            if stop.wait(POLL):
                proc.terminate()
                if self.stop_command:
                    with contextlib.suppress(OSError, subprocess.SubprocessError):
                        subprocess.run(self.stop_command, check=False, timeout=5,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=5)
                return

    def close(self) -> None:
        """Nothing to let go of."""


def find_backend(lang: str, choice: str | None = None) -> Backend | None:
    """The first speech back end that works (or the one ``choice`` or ``$ATOUT_SPEECH``
    names): speech-dispatcher's binding, then ``spd-say``, then ``espeak-ng``."""
    choice = choice if choice is not None else os.environ.get(SPEECH_ENV) or None
    if choice in (None, "speechd"):
        try:
            return SpeechdBackend(lang)
        except Exception:  # not installed, or no speech-dispatcher to talk to
            if choice == "speechd":
                return None
    if choice in (None, "spd-say"):
        spd = shutil.which("spd-say")
        if spd:
            return ProgramBackend([spd, "-w", "-l", lang], [spd, "-S"])
        if choice == "spd-say":
            return None
    if choice in (None, "espeak-ng", "espeak"):
        espeak = shutil.which("espeak-ng") or shutil.which("espeak")
        if espeak:
            return ProgramBackend([espeak, "-v", lang])
    return None


class Speaker:
    """Says lines aloud through a :class:`Backend`, in order, without blocking the game.

    Urgent lines go before the waiting ones; :meth:`cancel` cuts off the line being said
    and drops the waiting ones; :meth:`close` waits for the last lines to be said.
    """

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self._urgent: deque[str] = deque()
        self._normal: deque[str] = deque()
        self._cond = threading.Condition()
        self._stop = threading.Event()
        self._speaking = False
        self._closing = False
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    @staticmethod
    def find(lang: str, choice: str | None = None) -> Speaker | None:
        """A speaker on the first back end that works, or None when there is none."""
        backend = find_backend(lang, choice)
        return Speaker(backend) if backend is not None else None

    @property
    def program(self) -> str:
        """The name of the voice (speech-dispatcher, spd-say, espeak-ng)."""
        return self.backend.name

    def say(self, text: str, *, urgent: bool = False) -> None:
        """Queue a line; an urgent one goes before the lines still waiting."""
        with self._cond:
            (self._urgent if urgent else self._normal).append(text)
            self._cond.notify_all()

    def cancel(self) -> None:
        """Cut off the line being said and drop the waiting ones."""
        with self._cond:
            self._urgent.clear()
            self._normal.clear()
            if self._speaking:
                self._stop.set()
            self._cond.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every queued line is said; False when ``timeout`` passed first."""
        with self._cond:
            return self._cond.wait_for(
                lambda: not (self._urgent or self._normal or self._speaking), timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._urgent or self._normal or
                                                 self._closing))
                if not (self._urgent or self._normal):
                    return
                text = (self._urgent or self._normal).popleft()
                self._speaking = True
                self._stop.clear()
            with contextlib.suppress(Exception):  # a failing voice must not end the game
                self.backend.speak(text, self._stop)
            with self._cond:
                self._speaking = False
                self._cond.notify_all()

    def close(self, timeout: float | None = 30.0) -> None:
        """Say what is still queued (up to ``timeout`` seconds), then stop."""
        self.wait(timeout)
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        self._thread.join(timeout)
        self.backend.close()


class Output:
    """The client's voice: prints each message on its own line and keeps the history.

    ``say`` records a message in the history (PageUp and PageDown walk through it, Space
    repeats the last one); ``tell`` answers a key without adding to the history.
    """

    def __init__(self, stream: IO[str], speaker: Speaker | None = None) -> None:
        self.stream = stream
        self.speaker = speaker
        self.history: list[str] = []
        self.cursor = 0
        self.last_answer = ""

    def _emit(self, text: str, urgent: bool) -> None:
        self.stream.write(text + "\n")
        self.stream.flush()
        if self.speaker is not None:
            self.speaker.say(text, urgent=urgent)

    def say(self, text: str, *, urgent: bool = False) -> None:
        """Say a message and add it to the history (``urgent``: spoken before the lines
        still waiting, such as the call to play)."""
        if not text:
            return
        self.history.append(text)
        self.cursor = len(self.history)
        self._emit(text, urgent)

    def tell(self, text: str, *, urgent: bool = False) -> None:
        """Say an answer to a key (kept as the last message, not in the history walk)."""
        if text:
            self._emit(text, urgent)
            self.last_answer = text

    def bell(self) -> None:
        """Ring the terminal's bell (an earcon for sighted and blind players alike)."""
        self.stream.write("\a")
        self.stream.flush()

    def interrupt(self) -> None:
        """A key was pressed: cut off stale speech (the text on screen stays)."""
        if self.speaker is not None:
            self.speaker.cancel()

    def repeat(self) -> str | None:
        """The last message said, to say again."""
        return self.history[-1] if self.history else None

    def older(self) -> str | None:
        """One message back in the history (None at the start)."""
        if self.cursor <= 0:
            return None
        self.cursor -= 1
        return self.history[self.cursor]

    def newer(self) -> str | None:
        """One message forward in the history (None at the end)."""
        if self.cursor >= len(self.history) - 1:
            self.cursor = len(self.history)
            return None
        self.cursor += 1
        return self.history[self.cursor]

    def close(self) -> None:
        """Let the speaker finish the last lines (the quit line among them), then stop."""
        if self.speaker is not None:
            self.speaker.close()


__all__ = ["SPEECH_ENV", "Backend", "Output", "ProgramBackend", "Speaker", "SpeechdBackend",
           "find_backend"]
