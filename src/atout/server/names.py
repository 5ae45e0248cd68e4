"""Names and chat made safe to show: bidirectional controls stripped, and names compared by
what they look like (their confusable skeleton), so that "Viсtim" with a Cyrillic с cannot
pass for "Victim" (docs/security.md)."""

from __future__ import annotations

import unicodedata

BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
"""The bidirectional formatting controls stripped from names and chat (an override can make
a line read backwards, or a name look like another)."""

# Letters of other scripts drawn like a Latin letter (Unicode's confusables.txt, the
# single-letter entries of Cyrillic, Greek and a few others toward Latin lower case), after
# NFKC and case folding. A name's skeleton maps each letter to its Latin look-alike.
_LOOK_ALIKES = {
    # Cyrillic
    "а": "a", "в": "b", "с": "c", "ԁ": "d", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i",
    "ј": "j", "к": "k", "ӏ": "l", "м": "m", "н": "h", "о": "o", "р": "p", "ԛ": "q", "г": "r",
    "ѕ": "s", "т": "t", "ц": "u", "ѵ": "v", "ԝ": "w", "х": "x", "у": "y", "з": "3", "ь": "b",
    "п": "n", "и": "u", "ɡ": "g",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ω": "w", "ϲ": "c", "ϳ": "j",
    # Armenian, Latin extensions and digits drawn like letters
    "օ": "o", "ս": "u", "ց": "g", "ı": "i", "ɩ": "i", "ʟ": "l", "ǀ": "l", "0": "o", "1": "l",
    "|": "l", "ℓ": "l",
}


def strip_bidi(text: str) -> str:
    """``text`` without its bidirectional formatting controls."""
    return "".join(ch for ch in text if ch not in BIDI)


def skeleton(name: str) -> str:
    """What a name looks like, for comparing names (Unicode TR39's idea, with a small table):
    NFKC, case folding, accents dropped, then each letter of another script drawn like a
    Latin one replaced by it, and ``1``/``l``, ``0``/``o`` made one. "Viсtim" with a
    Cyrillic с and "victim" have the same skeleton."""
    text = unicodedata.normalize("NFKC", strip_bidi(name)).casefold()
    text = "".join(ch for ch in unicodedata.normalize("NFD", text)
                   if not unicodedata.combining(ch))
    return "".join(_LOOK_ALIKES.get(ch, ch) for ch in text if not ch.isspace())


__all__ = ["BIDI", "skeleton", "strip_bidi"]
