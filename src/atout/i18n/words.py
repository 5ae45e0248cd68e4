"""Cards and actions typed in words, in the player's language: « as de cœur », "ten of
spades", « 21 d'atout », « excuse », or the words of an action as the client says it.

>>> from atout.i18n import translator
>>> card_code("dix de coeur", translator("fr"))
'TH'
>>> card_code("the queen of spades", translator("en"))
'QS'
>>> card_code("21 d'atout", translator("fr"))
'T21'
"""

from __future__ import annotations

import unicodedata

from atout.i18n import Translator

_RANKS = "23456789TJNQKA"
_SUITS = "HDSC"


def normalize(text: str) -> str:
    """Lower case, without accents, ligatures opened (œ → oe), apostrophes and extra
    spaces made plain, so « Cœur » and "coeur" read the same."""
    text = text.lower().replace("œ", "oe").replace("’", "'")
    text = "".join(c for c in unicodedata.normalize("NFD", text)
                   if unicodedata.category(c) != "Mn")
    return " ".join(text.replace("'", "' ").split())


def _forms(tr: Translator) -> dict[str, str]:
    """Every way of naming a card the catalogue gives, normalized, to its code."""
    forms: dict[str, str] = {}
    for suit in _SUITS:
        for rank in _RANKS:
            code = rank + suit
            for article in (True, False):
                forms[normalize(tr.card(code, article=article))] = code
            digit = "10" if rank == "T" else rank
            if rank.isdigit() or rank == "T":
                forms[normalize(f"{digit} {tr.suit(suit)}")] = code
                forms[normalize(tr._("{rank} of {suit}").format(rank=digit,
                                                                suit=tr.suit(suit)))] = code
            forms[normalize(f"{tr.rank(rank)} {tr.suit(suit)}")] = code
    # Tarot's ace is the 1 of a suit: named like the ace, its code is 1H.
    for suit in _SUITS:
        forms.setdefault(normalize(f"1 {tr.suit(suit)}"), "1" + suit)
    for n in range(1, 22):
        for article in (True, False):
            forms[normalize(tr.card(f"T{n}", article=article))] = f"T{n}"
        forms[normalize(f"{tr.pgettext('suit', 'trumps')} {n}")] = f"T{n}"
    for article in (True, False):
        forms[normalize(tr.card("EX", article=article))] = "EX"
    return forms


_CACHE: dict[str, dict[str, str]] = {}


def card_code(text: str, tr: Translator) -> str | None:
    """The code of the card named by ``text`` in ``tr``'s language (or English), or None."""
    key = normalize(text)
    for lang_tr in (tr,) if tr.lang == "en" else (tr, _english()):
        if lang_tr.lang not in _CACHE:
            _CACHE[lang_tr.lang] = _forms(lang_tr)
        code = _CACHE[lang_tr.lang].get(key)
        if code is not None:
            return code
    return None


def _english() -> Translator:
    from atout.i18n import translator

    return translator("en")


__all__ = ["card_code", "normalize"]
