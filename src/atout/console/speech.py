"""What the client says: plain lines on the screen, a history, and optional speech.

Every message is one line of plain text, printed as it comes, so a screen reader speaks it.
With ``--speak`` the lines are also spoken by speech-dispatcher (``spd-say``) or
``espeak-ng`` when one is installed, one after the other on a background thread.
"""

from __future__ import annotations

import contextlib
import queue
import shutil
import subprocess
import threading
from typing import IO


class Speaker:
    """Says lines aloud with speech-dispatcher or espeak-ng, in order, without blocking."""

    def __init__(self, lang: str, command: list[str]) -> None:
        self.lang = lang
        self.command = command
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    @staticmethod
    def find(lang: str) -> Speaker | None:
        """A speaker using the first speech program found, or None when there is none."""
        spd = shutil.which("spd-say")
        if spd:
            return Speaker(lang, [spd, "-w", "-l", lang])
        espeak = shutil.which("espeak-ng") or shutil.which("espeak")
        if espeak:
            return Speaker(lang, [espeak, "-v", lang])
        return None

    @property
    def program(self) -> str:
        """The name of the speech program."""
        return self.command[0].rsplit("/", 1)[-1]

    def say(self, text: str) -> None:
        """Queue a line to be spoken."""
        self._queue.put(text)

    def _run(self) -> None:
        while True:
            text = self._queue.get()
            if text is None:
                return
            with contextlib.suppress(OSError, subprocess.SubprocessError):
                subprocess.run([*self.command, text], check=False, timeout=60,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def close(self) -> None:
        """Stop after the lines already queued."""
        self._queue.put(None)


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

    def _emit(self, text: str) -> None:
        self.stream.write(text + "\n")
        self.stream.flush()
        if self.speaker is not None:
            self.speaker.say(text)

    def say(self, text: str) -> None:
        """Say a message and add it to the history."""
        if not text:
            return
        self.history.append(text)
        self.cursor = len(self.history)
        self._emit(text)

    def tell(self, text: str) -> None:
        """Say an answer to a key (kept as the last message, not in the history walk)."""
        if text:
            self._emit(text)
            self.last_answer = text

    last_answer: str = ""

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
        """Stop the speaker."""
        if self.speaker is not None:
            self.speaker.close()


__all__ = ["Output", "Speaker"]
