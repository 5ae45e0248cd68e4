"""The Jass heuristic's card rules of issue 23, each on a hand-checked position.

Every position is played by both card plays: ``STANDARD`` (the default, ``heuristic:cards=v2``)
and ``CLASSIC`` (the play before, ``heuristic:cards=v1``); the two differ exactly where the rule
says, and agree where it does not apply.
"""

from __future__ import annotations

import pytest

import atout
from atout.bots import make_bot
from atout.bots.jass.cards import CLASSIC, STANDARD, card_choice
from atout.cards import JASS_DECK
from atout.games.jass.play import OBENABE, POWER, VALUE

JASS = atout.make("jass")
FULL = (1 << 36) - 1
HEARTS = 0


def mask(*codes: str) -> int:
    return JASS_DECK.mask(codes)


def play(style: int, hand: list[str], *, mode: int = HEARTS, seat: int = 0, partner: int = 2,
         pull: bool, played: tuple[str, ...] = (), table: tuple[tuple[int, str], ...] = (),
         last: bool = False) -> str:
    """The card ``style`` plays from ``hand`` (every card of it legal) on the trick ``table``
    after the cards ``played`` in earlier tricks."""
    h = mask(*hand)
    gone = mask(*played) | mask(*(c for _, c in table))
    led = best = best_seat = -1
    points = 0
    if table:
        p = POWER[mode]
        led = JASS_DECK.index[table[0][1]] // 9
        for s, code in table:
            c = JASS_DECK.index[code]
            points += VALUE[mode][c]
            if best < 0 or (p[c] > p[best] and (p[c] >= 100 or c // 9 == led)):
                best, best_seat = c, s
    card = card_choice(legal=h, hand=h, seat=seat, pos=len(table), last=last, led=led,
                       best=best, best_seat=best_seat, partner=partner, points=points,
                       out=FULL & ~gone, voids_next=0, pull_trumps=pull, mode=mode, style=style)
    return JASS_DECK.codes[card]


def test_a_defender_keeps_his_bock_while_trumps_are_out() -> None:
    """Hearts trump, chosen by the other side. Spades went 6S AS 8S JS. The defender holds the
    top diamond (AD): the classic play cashes it at once, where the declarers may ruff it;
    the standard play leads low in the suit the others hold fewest of: four spades are out
    (9S TS QS KS) against six diamonds and six clubs, so 7S. Once no trump is out but his own
    QH, he cashes the AD."""
    hand = ["7S", "AD", "7D", "8D", "8C", "9C", "TC", "QH"]
    spades = ("6S", "AS", "8S", "JS")
    assert play(CLASSIC, hand, pull=False, played=spades) == "AD"
    assert play(STANDARD, hand, pull=False, played=spades) == "7S"
    trumps_gone = (*spades, "6H", "7H", "8H", "9H", "TH", "JH", "KH", "AH")
    assert play(STANDARD, hand, pull=False, played=trumps_gone) == "AD"
    # the side that chose trump cashes its Bock as before
    assert play(STANDARD, hand, pull=True, played=spades) == "AD"


def test_the_declarer_draws_trumps_low_without_the_buur() -> None:
    """Hearts trump, chosen by this seat, who holds 6H 7H 8H and the Nell (9H) but not the
    Buur (JH). The classic play leads its Bock (AS) and leaves the trumps out; the standard
    play draws them with the lowest trump that is not an honour, 6H. With two trumps only,
    both cash the ace."""
    hand = ["6H", "7H", "8H", "9H", "AS", "6S", "6D", "6C", "7C"]
    assert play(CLASSIC, hand, pull=True) == "AS"
    assert play(STANDARD, hand, pull=True) == "6H"
    two = ["6H", "9H", "AS", "6S", "6D", "7D", "6C", "7C", "8C"]
    assert play(STANDARD, two, pull=True) == "AS"


def test_a_lone_buur_is_not_led() -> None:
    """Hearts trump; this seat chose it and holds the Buur alone. The classic play leads it to
    draw trumps (and draws one trump with its only one); the standard play keeps it and leads
    its Bock, AS. With the Buur and another trump both lead the Buur."""
    hand = ["JH", "AS", "6S", "6D", "6C", "7C", "8C", "9C", "TC"]
    assert play(CLASSIC, hand, pull=True) == "JH"
    assert play(STANDARD, hand, pull=True) == "AS"
    two = ["JH", "6H", "AS", "6S", "6D", "6C", "7C", "8C", "9C"]
    assert play(STANDARD, two, pull=True) == "JH"


def test_the_last_seat_spares_the_buur_for_a_small_trick() -> None:
    """Hearts trump. Seat 1 plays last to 7S, 8S (his partner) and KS (the other side wins,
    4 points). Void in spades, his only trump is the Buur: the classic play ruffs with it for
    4 points; the standard play throws 6D and keeps the Buur for a trick worth 10 or more.
    When the ace was played instead (11 points) both ruff."""
    hand = ["JH", "6D", "7D", "8D", "6C", "7C"]
    small = ((0, "7S"), (3, "8S"), (2, "KS"))
    assert play(CLASSIC, hand, seat=1, partner=3, pull=False, table=small, last=True) == "JH"
    assert play(STANDARD, hand, seat=1, partner=3, pull=False, table=small, last=True) == "6D"
    big = ((0, "7S"), (3, "8S"), (2, "AS"))
    assert play(STANDARD, hand, seat=1, partner=3, pull=False, table=big, last=True) == "JH"


def test_a_plain_card_is_thrown_before_a_trump() -> None:
    """Hearts trump. The other side led 7S (no points); this seat has no spade, so he does not
    ruff for nothing. The classic play throws the trump worth nothing, 6H; the standard play
    keeps it and throws the king of diamonds (4 points) rather than the ten."""
    hand = ["6H", "TD", "KD"]
    table = ((3, "7S"),)
    assert play(CLASSIC, hand, seat=0, pull=True, table=table) == "6H"
    assert play(STANDARD, hand, seat=0, pull=True, table=table) == "KD"


def test_obenabe_cashes_the_short_suit_first() -> None:
    """Obenabe. The leader holds AS KS QS JS and the bare AD: the classic play runs the long
    suit from its ace; the standard play cashes the single ace first, keeping the long suit's
    tops to take the lead back."""
    hand = ["AS", "KS", "QS", "JS", "AD", "6C", "7C", "8C", "9C"]
    assert play(CLASSIC, hand, mode=OBENABE, pull=True) == "AS"
    assert play(STANDARD, hand, mode=OBENABE, pull=True) == "AD"


def test_the_second_hand_gives_a_ten_that_would_fall() -> None:
    """Hearts trump. The other side leads 7S; seat 1, second, holds TS, 8S and 6S while JS, QS,
    KS and AS are out: the classic play keeps the ten and gives the 6S; the standard play gives
    the ten now, which the partner, last, may win, and which a higher spade would catch later.
    Once the four spades above it are gone the ten wins the trick in both plays."""
    hand = ["TS", "8S", "6S", "KD"]
    lead = ((0, "7S"),)
    assert play(CLASSIC, hand, seat=1, partner=3, pull=False, table=lead) == "6S"
    assert play(STANDARD, hand, seat=1, partner=3, pull=False, table=lead) == "TS"
    above = ("JS", "QS", "KS", "AS")
    for style in (CLASSIC, STANDARD):
        assert play(style, hand, seat=1, partner=3, pull=False, table=lead,
                    played=above) == "TS"


def test_the_bot_plays_each_style_through_its_view() -> None:
    """The first position on a real deal: seat 0 names hearts and leads 6S, seat 3 takes it
    with AS; seat 3 (a defender) then leads 7S with the default play and AD with ``cards=v1``."""
    hands = [["6H", "7H", "8H", "9H", "JH", "6S", "6D", "6C", "7C"],
             ["JS", "QS", "KS", "QD", "KD", "AC", "TH", "KH", "AH"],
             ["8S", "9S", "TS", "9D", "TD", "JD", "JC", "QC", "KC"],
             ["AS", "7S", "AD", "7D", "8D", "8C", "9C", "TC", "QH"]]
    deal = JASS.deal(hands=hands, dealer=1)  # forehand is seat 0, then 3, 2, 1
    for text in ("trump H", "6S", "AS", "8S", "JS"):
        deal.play(text)
    assert deal.to_move == 3
    view = deal.view(3)
    assert str(make_bot("heuristic", JASS, 3).choose(view)) == "7S"
    assert str(make_bot("heuristic:cards=v1", JASS, 3).choose(view)) == "AD"


def test_an_unknown_card_play_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="cards='v3', expected one of v2, v1"):
        make_bot("heuristic:cards=v3", JASS, 0)
