"""Single keys from the terminal, no Enter needed; whole lines when input is not a terminal.

:class:`RawKeys` puts a POSIX terminal in cbreak mode (no echo, no line editing, signals
kept) and decodes escape sequences into key names: ``up`` ``down`` ``left`` ``right``
``pgup`` ``pgdn`` ``home`` ``end`` ``f1`` ``ctrl+f1`` ``enter`` ``space`` ``esc``
``backspace``, and printable characters as themselves (letters in lower case).
:class:`LineKeys` reads lines instead, for pipes and scripts: an empty line is Enter, a key
name or a single character is that key, and any other line is typed text (``text:...``).
"""

from __future__ import annotations

import os
import select
import sys
from collections import deque
from collections.abc import Callable
from typing import IO, Protocol

NAMED = ("up", "down", "left", "right", "pgup", "pgdn", "home", "end", "f1", "ctrl+f1",
         "enter", "space", "esc", "backspace", "tab", "shift+tab")

_SEQUENCES = {
    "[A": "up", "[B": "down", "[C": "right", "[D": "left", "OA": "up", "OB": "down",
    "OC": "right", "OD": "left", "[5~": "pgup", "[6~": "pgdn", "[H": "home", "[F": "end",
    "OH": "home", "OF": "end", "[1~": "home", "[4~": "end", "[7~": "home", "[8~": "end",
    "[Z": "shift+tab", "OP": "f1", "[11~": "f1", "[[A": "f1", "[1;5P": "ctrl+f1", "O5P": "ctrl+f1",
    "[11;5~": "ctrl+f1", "[1;2P": "ctrl+f1", "[23~": "ctrl+f1", "[2~": "insert",
    "[3~": "delete",
}


class KeySource(Protocol):
    """Where keys come from."""

    def read(self, timeout: float | None = None) -> str | None:
        """The next key name; None when ``timeout`` seconds pass first. EOFError at the end."""

    def read_text(self) -> str:
        """A line of typed text (for typing a card code or an action)."""

    def close(self) -> None:
        """Give the terminal back as it was."""


def key_name(ch: str) -> str:
    """The key name of one character read in cbreak mode."""
    if ch in ("\r", "\n"):
        return "enter"
    if ch == " ":
        return "space"
    if ch in ("\x7f", "\x08"):
        return "backspace"
    if ch == "\t":
        return "tab"
    if ch == "\x03":
        return "ctrl+c"
    if ch == "\x04":
        return "ctrl+d"
    if ch == "\x1b":
        return "esc"
    return ch.lower()


def decode_escape(rest: str) -> str:
    """The key name of an escape sequence (without its ESC); ``esc`` when unknown."""
    return _SEQUENCES.get(rest, "esc" if not rest else f"unknown:{rest}")


class RawKeys:
    """Keys from a terminal in cbreak mode (POSIX)."""

    def __init__(self, stream: IO[str]) -> None:
        import termios
        import tty

        self.fd = stream.fileno()
        self._saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        self._buf = b""

    def _byte(self, timeout: float | None) -> bytes | None:
        if not self._buf:
            ready, _, _ = select.select([self.fd], [], [], timeout)
            if not ready:
                return None
            data = os.read(self.fd, 64)
            if not data:
                raise EOFError
            self._buf = data
        b, self._buf = self._buf[:1], self._buf[1:]
        return b

    def read(self, timeout: float | None = None) -> str | None:
        """The next key, decoding escape sequences and UTF-8 characters."""
        b = self._byte(timeout)
        if b is None:
            return None
        if b == b"\x1b":
            rest = b""
            while True:
                nb = self._byte(0.05)
                if nb is None:
                    break
                rest += nb
                text = rest.decode("latin-1")
                if text in _SEQUENCES:
                    break
                if len(rest) > 1 and (nb.isalpha() or nb == b"~"):
                    break
                if len(rest) > 8:
                    break
            return decode_escape(rest.decode("latin-1"))
        lead = b[0]
        need = 3 if lead >= 0xF0 else 2 if lead >= 0xE0 else 1 if lead >= 0xC0 else 0
        data = b
        for _ in range(need):
            nb = self._byte(0.05)
            if nb is None:
                break
            data += nb
        return key_name(data.decode("utf-8", errors="replace"))

    def read_text(self) -> str:
        """Typed characters up to Enter, echoed so the screen reader says them."""
        out = ""
        while True:
            k = self.read()
            if k is None or k == "enter":
                sys.stdout.write("\n")
                sys.stdout.flush()
                return out
            if k == "esc":
                sys.stdout.write("\n")
                sys.stdout.flush()
                return ""
            if k == "backspace":
                out = out[:-1]
                continue
            if k == "space":
                k = " "
            if len(k) == 1:
                out += k
                sys.stdout.write(k)
                sys.stdout.flush()

    def close(self) -> None:
        """Restore the terminal."""
        import termios

        termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)


class LineKeys:
    """Keys from lines of text (a pipe, a file, a terminal without cbreak)."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self._queue: deque[str] = deque()

    def read(self, timeout: float | None = None) -> str | None:
        """The next key: one per line (an empty line is Enter)."""
        if self._queue:
            return self._queue.popleft()
        if timeout is not None:
            return None  # lines are read only when a key is truly awaited
        line = self.stream.readline()
        if not line:
            raise EOFError
        return line_key(line)

    def read_text(self) -> str:
        """The next line."""
        line = self.stream.readline()
        if not line:
            raise EOFError
        return line.strip()

    def close(self) -> None:
        """Nothing to restore."""


def reads_lines(keys: KeySource) -> bool:
    """Whether ``keys`` reads whole lines (a pipe), where a timed read never waits for one."""
    while isinstance(keys, HookedKeys):
        keys = keys.keys
    return isinstance(keys, LineKeys)


def line_key(line: str) -> str:
    """The key a line stands for: ``enter``, a named key, one character, or ``text:...``."""
    s = line.strip()
    if not s:
        return "enter"
    low = s.lower()
    if low in NAMED or low in ("pageup", "pagedown", "page up", "page down"):
        return {"pageup": "pgup", "pagedown": "pgdn", "page up": "pgup",
                "page down": "pgdn"}.get(low, low)
    if len(s) == 1:
        return key_name(s)
    return f"text:{s}"


class HookedKeys:
    """Another key source, calling ``on_key`` at each key pressed (to cut off stale
    speech)."""

    def __init__(self, keys: KeySource, on_key: Callable[[], None]) -> None:
        self.keys = keys
        self.on_key = on_key

    def read(self, timeout: float | None = None) -> str | None:
        """The next key, after telling ``on_key``."""
        key = self.keys.read(timeout)
        if key is not None:
            self.on_key()
        return key

    def read_text(self) -> str:
        """A line of typed text."""
        text = self.keys.read_text()
        self.on_key()
        return text

    def close(self) -> None:
        """Give the terminal back."""
        self.keys.close()


def open_keys(stream: IO[str] | None = None) -> KeySource:
    """Single keys when ``stream`` (stdin by default) is a POSIX terminal, else lines."""
    stream = sys.stdin if stream is None else stream
    try:
        if stream.isatty() and os.name == "posix":
            return RawKeys(stream)
    except (OSError, ValueError):
        pass
    return LineKeys(stream)


__all__ = ["NAMED", "HookedKeys", "KeySource", "LineKeys", "RawKeys", "decode_escape", "key_name",
           "line_key", "open_keys"]
