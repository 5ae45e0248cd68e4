"""French and English for every front end: one gettext catalogue, card names, sentences.

Message ids are the English sentences; ``locale/fr/LC_MESSAGES/atout.po`` translates them to
French and its compiled ``atout.mo`` ships as package data, so only the standard library's
:mod:`gettext` is needed at run time (``python -m atout.i18n.compile`` rebuilds the ``.mo``
with Babel after editing the ``.po``).

>>> tr = translator("fr")
>>> tr.card("TH")
'le dix de cœur'
>>> translator("en").card("AS", article=False)
'ace of spades'
"""

from __future__ import annotations

import gettext
import os
import re

TYPE_CHECKING = False  # typing's own costs the command line's start; mypy reads this one too
if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path
    from typing import Any

LANGUAGES = ("en", "fr")
"""The languages of the catalogue; English is the source language."""

DOMAIN = "atout"


_LOCALE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")


def locale_dir() -> Path:
    """The folder holding ``<lang>/LC_MESSAGES/atout.mo``."""
    from pathlib import Path  # not at the top: the command line starts without it

    return Path(_LOCALE)


def detect_language(environ: Mapping[str, str] | None = None) -> str:
    """The player's language from the locale variables (LANGUAGE, LC_ALL, LC_MESSAGES, LANG).

    French when the first set variable starts with ``fr``, English otherwise.
    """
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            first = value.split(":")[0].lower()
            return "fr" if first.startswith("fr") else "en"
    return "en"


_RANK_NAMES = {
    "1": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
    "7": "seven", "8": "eight", "9": "nine", "T": "ten", "J": "jack", "N": "knight",
    "Q": "queen", "K": "king", "A": "ace",
}


_ELIDED = re.compile(r"\b([dD]e|[qQ]ue) \{(\w+)\}")
_VOWELS = frozenset("aeiouyàâäéèêëîïôöûüœæ")


class Elided(str):
    """A French message whose ``format`` elides "de" and "que" before a value that starts
    with a vowel: « victoire d'Alice », « qu'Emma » (a value starting with an h is left as it
    is: the h may be aspirated)."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        """``str.format``, with the elisions its values call for."""
        def elide(m: re.Match[str]) -> str:
            value = kwargs.get(m.group(2))
            if isinstance(value, str) and value[:1].lower() in _VOWELS:
                return f"{m.group(1)[:-1]}'{{{m.group(2)}}}"
            return m.group(0)

        return str.format(_ELIDED.sub(elide, self), *args, **kwargs)


class Translator:
    """The sentences of one language: gettext lookups and card names.

    ``_``, ``ngettext`` and ``pgettext`` are the usual gettext functions (they are the
    keywords Babel extracts); the card helpers name cards in full.
    """

    def __init__(self, lang: str) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
        self.lang = lang
        self._t: gettext.NullTranslations
        if lang == "en":
            self._t = gettext.NullTranslations()
        else:
            self._t = gettext.translation(DOMAIN, _LOCALE, languages=[lang])

    # -- gettext ------------------------------------------------------------------------------
    def _(self, message: str) -> str:
        """The translation of ``message``."""
        return self._elide(self._t.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The translation of a message with a plural form chosen by ``n``."""
        return self._elide(self._t.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        """The translation of ``message`` in ``context`` (for words with several meanings)."""
        return self._elide(self._t.pgettext(context, message))

    def _elide(self, text: str) -> str:
        return Elided(text) if self.lang == "fr" and "{" in text else text

    # -- cards --------------------------------------------------------------------------------
    def suit(self, suit: str) -> str:
        """A suit's name, from its letter (H, D, S, C)."""
        names = {"H": self.pgettext("suit", "hearts"), "D": self.pgettext("suit", "diamonds"),
                 "S": self.pgettext("suit", "spades"), "C": self.pgettext("suit", "clubs")}
        return names.get(suit.upper(), suit)

    def rank(self, rank: str, *, article: bool = False, plural: bool = False) -> str:
        """A rank's name from its notation letter (6, T, J, N, Q, K, A …).

        ``article`` adds the definite article (French elides: « l'as »); ``plural`` gives the
        plural (« les valets » with the article).
        """
        r = rank.upper()
        if plural:
            names = {
                "1": self.pgettext("ranks", "aces"), "2": self.pgettext("ranks", "twos"),
                "3": self.pgettext("ranks", "threes"), "4": self.pgettext("ranks", "fours"),
                "5": self.pgettext("ranks", "fives"), "6": self.pgettext("ranks", "sixes"),
                "7": self.pgettext("ranks", "sevens"), "8": self.pgettext("ranks", "eights"),
                "9": self.pgettext("ranks", "nines"), "T": self.pgettext("ranks", "tens"),
                "J": self.pgettext("ranks", "jacks"), "N": self.pgettext("ranks", "knights"),
                "Q": self.pgettext("ranks", "queens"), "K": self.pgettext("ranks", "kings"),
                "A": self.pgettext("ranks", "aces"),
            }
            word = names.get(r, r)
            return self.pgettext("ranks", "the {ranks}").format(ranks=word) if article else word
        if article:
            names = {
                "1": self.pgettext("rank", "the ace"), "2": self.pgettext("rank", "the two"),
                "3": self.pgettext("rank", "the three"), "4": self.pgettext("rank", "the four"),
                "5": self.pgettext("rank", "the five"), "6": self.pgettext("rank", "the six"),
                "7": self.pgettext("rank", "the seven"), "8": self.pgettext("rank", "the eight"),
                "9": self.pgettext("rank", "the nine"), "T": self.pgettext("rank", "the ten"),
                "J": self.pgettext("rank", "the jack"), "N": self.pgettext("rank", "the knight"),
                "Q": self.pgettext("rank", "the queen"), "K": self.pgettext("rank", "the king"),
                "A": self.pgettext("rank", "the ace"),
            }
            return names.get(r, r)
        names = {
            "1": self.pgettext("rank", "ace"), "2": self.pgettext("rank", "two"),
            "3": self.pgettext("rank", "three"), "4": self.pgettext("rank", "four"),
            "5": self.pgettext("rank", "five"), "6": self.pgettext("rank", "six"),
            "7": self.pgettext("rank", "seven"), "8": self.pgettext("rank", "eight"),
            "9": self.pgettext("rank", "nine"), "T": self.pgettext("rank", "ten"),
            "J": self.pgettext("rank", "jack"), "N": self.pgettext("rank", "knight"),
            "Q": self.pgettext("rank", "queen"), "K": self.pgettext("rank", "king"),
            "A": self.pgettext("rank", "ace"),
        }
        return names.get(r, r)

    def card(self, code: str, *, article: bool = True) -> str:
        """A card's full name from its code: « le dix de cœur », "the ten of hearts".

        Tarot trumps ``T1``..``T21`` and the excuse ``EX`` are named too; an unknown code is
        returned as it is, so a message never fails on a card.
        """
        c = code.strip().upper()
        if c == "EX":
            return self._("the excuse") if article else self._("excuse")
        if len(c) >= 2 and c[0] == "T" and c[1:].isdigit():
            n = int(c[1:])
            if article:
                return self._("the {number} of trumps").format(number=n)
            return self._("{number} of trumps").format(number=n)
        if len(c) == 2 and c[0] in _RANK_NAMES and c[1] in "HDSC":
            return self._("{rank} of {suit}").format(rank=self.rank(c[0], article=article),
                                                     suit=self.suit(c[1]))
        return code

    def cards(self, codes: list[str] | tuple[str, ...], *, article: bool = True) -> str:
        """Several cards named in full, as a list in words."""
        return self.join([self.card(c, article=article) for c in codes])

    def join(self, items: list[str]) -> str:
        """Words joined as a list: "a, b and c" / « a, b et c »."""
        if not items:
            return self._("nothing")
        if len(items) == 1:
            return items[0]
        return self._("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])

    def join_or(self, items: list[str]) -> str:
        """Alternatives joined: "a, b or c" / « a, b ou c »."""
        if len(items) <= 1:
            return self.join(items)
        return self._("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])

    @property
    def semicolon(self) -> str:
        """The separator of a list of clauses: "; ", « ; » (French puts a space before)."""
        return self.pgettext("separator", "; ")

    def sentence(self, text: str) -> str:
        """``text`` with a capital first letter (for sentences starting with a card name)."""
        return text[:1].upper() + text[1:]


CLI_DOMAIN = "cli"
"""The gettext domain of the command line's words: argparse's help titles and errors, and
``atout.cli``'s own help and errors (``locale/<lang>/LC_MESSAGES/cli.mo``)."""


def use_cli_language(lang: str) -> None:
    """Make the command line's help and errors speak ``lang``: argparse reads the standard
    :mod:`gettext`'s current domain, so this process's domain becomes atout's
    :data:`CLI_DOMAIN` and its ``LANGUAGE`` becomes ``lang`` (for the command line only:
    call it before the command runs, never from a library)."""
    gettext.bindtextdomain(CLI_DOMAIN, _LOCALE)
    gettext.textdomain(CLI_DOMAIN)
    os.environ["LANGUAGE"] = lang


_CACHE: dict[str, Translator] = {}


def translator(lang: str) -> Translator:
    """The (cached) :class:`Translator` of ``lang``; ``ValueError`` for an unknown language."""
    if lang not in _CACHE:
        _CACHE[lang] = Translator(lang)
    return _CACHE[lang]


__all__ = ["CLI_DOMAIN", "LANGUAGES", "Translator", "detect_language", "locale_dir",
           "translator", "use_cli_language"]
