"""The excuse on the last trick: FFT's reading (the default, ``excuse_last="chelem"``) and the
seed's (preset ``seed``: ``excuse_last="taker-grand-petit"``).

The seed (shared/seeds/tarot-bouts.txt, bric-a-brac « Les Bouts »): « Si elle est jouée à la
dernière levée, elle devient propriété du joueur qui remporte cette levée, il ne faut donc pas
la jouer au dernier pli. Sauf en cas de grand ou petit chelem, si le preneur la détient, il
remporte le pli (c'est d'ailleurs le seul moyen de réussir un grand chelem en ayant l'excuse
dans son jeu). En cas de grand chelem, et si l'excuse est mise en dernier pli, le petit sera
considéré comme mené au bout s'il est mis à l'avant-dernier pli. »
"""

from __future__ import annotations

from typing import Any

import pytest

import atout
from atout.cards import TAROT_DECK
from atout.games.tarot import TarotDeal

EX = TAROT_DECK.index["EX"]
CHIEN = ["KH", "KD", "KS", "KC", "QH", "QD"]
SUITS = [c for c in TAROT_DECK.codes[:56] if c not in CHIEN]  # 50 suit cards, hearts first


def _play(hands: list[list[str]], bids: list[str], prefer: dict[int, list[str]],
          **options: Any) -> TarotDeal:
    """Deal ``hands`` (dealer 3: seat 0 speaks first), bid, then play: a seat in ``prefer``
    plays the first legal card of its list, every other seat its first legal card."""
    deal = atout.make("tarot", **options).deal(hands=hands, dealer=3, chien=CHIEN)
    assert isinstance(deal, TarotDeal)
    for a in bids:
        deal.play(a)
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        legal = [str(a) for a in deal.legal_actions()]
        if "no poignee" in legal:
            deal.play("no poignee")
            continue
        if "no chelem" in legal:
            deal.play("no chelem")
            continue
        order = prefer.get(seat, [])
        deal.play(next((c for c in order if c in legal), legal[0]))
    return deal


# Seat 0 holds T21..T6, T1 and the excuse (a grand chelem for whoever holds it in play);
# the others hold T2..T5 and the 50 suit cards.
GRAND = [["EX", "T1", *[f"T{n}" for n in range(6, 22)]], ["T2", "T5", *SUITS[:16]],
         ["T3", *SUITS[16:33]], ["T4", *SUITS[33:50]]]
# Seat 0 holds 1H instead of T6, which seat 3 holds instead of a club: seat 0 loses the 1H
# trick and takes every other trick before the last: a petit chelem.
PETIT = [["EX", "T1", "1H", *[f"T{n}" for n in range(7, 22)]],
         ["T2", "T5", *SUITS[1:16], SUITS[49]], ["T3", *SUITS[16:33]],
         ["T4", "T6", *SUITS[33:49]]]
LEADS = [f"T{n}" for n in range(21, 5, -1)] + ["T1", "EX"]
PETIT_LEADS = ["1H", *LEADS]  # 1H first, while the others still have trumps to take it


@pytest.mark.parametrize("preset", [None, "seed"])
def test_grand_chelem_of_the_taker_excuse_wins_the_last_trick(preset: str | None) -> None:
    """« Sauf en cas de grand ou petit chelem, si le preneur la détient, il remporte le
    pli »: both readings agree on the taker's grand chelem, and « le petit sera considéré
    comme mené au bout s'il est mis à l'avant-dernier pli »."""
    deal = _play(GRAND, ["garde sans", "pass", "pass", "pass"], {0: LEADS}, preset=preset)
    assert deal.tricks[-1][2] == 0 and deal.tricks[-1][1][0] == EX
    assert deal.result.details["chelem"] == "taker"
    assert deal.result.details["petit_au_bout"] == "taker"


def test_petit_chelem_of_the_taker_seed_reading() -> None:
    """« Sauf en cas de grand ou petit chelem, si le preneur la détient, il remporte le
    pli »: with the seed preset the taker's excuse takes the last trick after a petit
    chelem (17 tricks of 18), and the petit on the trick before is not « au bout » (the
    seed says so of a grand chelem only)."""
    deal = _play(PETIT, ["garde sans", "pass", "pass", "pass"], {0: PETIT_LEADS}, preset="seed")
    assert deal.tricks[-1][1][0] == EX and deal.tricks[-1][2] == 0
    assert deal.tricks_won[0] == 17
    assert deal.result.details["chelem"] is None
    assert deal.result.details["petit_au_bout"] is None


def test_petit_chelem_of_the_taker_fft_reading() -> None:
    """The FFT reading has no petit chelem: « elle devient propriété du joueur qui remporte
    cette levée »: the excuse goes to the defender who wins the last trick."""
    deal = _play(PETIT, ["garde sans", "pass", "pass", "pass"], {0: PETIT_LEADS})
    last = deal.tricks[-1]
    assert last[1][0] == EX and last[2] != 0
    assert deal.tricks_won[0] == 16
    assert not deal.won[0] >> EX & 1  # it changed camp


@pytest.mark.parametrize(("preset", "excuse_wins"), [(None, True), ("seed", False)])
def test_grand_chelem_of_the_defence(preset: str | None, excuse_wins: bool) -> None:
    """« si le preneur la détient »: a defender's excuse on the last trick after his side
    took every trick wins it for the FFT reading, not for the seed's."""
    deal = _play(GRAND, ["pass", "garde sans", "pass", "pass"], {0: LEADS}, preset=preset)
    last = deal.tricks[-1]
    assert last[1][0] == EX
    assert (last[2] == 0) is excuse_wins
    assert deal.result.details["chelem"] == ("defence" if excuse_wins else None)
