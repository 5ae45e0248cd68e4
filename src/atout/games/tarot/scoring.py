"""The score of a finished deal of French Tarot.

Card points are counted in half points (182 in all). The taker's side needs 56, 51, 41 or 36
points with 0, 1, 2 or 3 bouts in its tricks. Each defender pays (or is paid)
``(25 + difference) * multiplier ± petit au bout * multiplier ± poignées ± chelem``; the
taker's side gets the opposite, so every deal sums to zero.
"""

from __future__ import annotations

from atout.core import JSON, Result

from .state import TarotState
from .tables import (
    BOUTS,
    CONTRACTS,
    DECK,
    GARDE,
    GARDE_SANS,
    MULTIPLIERS,
    POIGNEE_BONUS,
    POIGNEE_LEVELS,
    T1,
    THRESHOLDS2,
    points2,
)


def _half(x2: int) -> float | int:
    return x2 // 2 if x2 % 2 == 0 else x2 / 2


def score_deal(deal: TarotState) -> Result:
    """The result of a finished deal: points per seat and a JSON-ready breakdown."""
    n = deal.n
    if deal.annulled:
        return Result(tuple(0 for _ in range(n)),
                      {"annulled": deal.annulled, "made": None})
    taker = deal.taker
    contract = deal.contract
    mult = MULTIPLIERS[contract]
    partner = deal.partner
    attack, att2, def2, att_tricks = _card_points2(deal)
    bouts = (attack & BOUTS).bit_count()
    need2 = THRESHOLDS2[bouts]
    made = att2 >= need2
    diff = _difference(abs(att2 - need2), deal.rules.options.rounding)
    sign = 1 if made else -1
    pab_camp = _petit_au_bout(deal)
    pab = 0 if pab_camp is None else (10 * mult if pab_camp else -10 * mult)
    poignee = sum(POIGNEE_BONUS[lv] for _, lv, _ in deal.poignees)
    poignee += deal.rules.options.misere * len(deal.miseres)  # club misères, like a poignée
    slam_att = att_tricks == deal.hand_size
    slam_def = att_tricks == 0
    chelem = _chelem_bonus(deal.chelem, slam_att, slam_def)
    unit = sign * (25 + diff) * mult + pab + sign * poignee + chelem
    details: dict[str, JSON] = {
        "annulled": None,
        "taker": taker,
        "contract": CONTRACTS[contract],
        "multiplier": mult,
        "called": None if deal.called < 0 else DECK.codes[deal.called],
        "partner": taker if partner < 0 else partner,
        "bouts": bouts,
        "taker_points": _half(att2),
        "defence_points": _half(def2),
        "needed": need2 // 2,
        "made": made,
        "difference": diff,
        "petit_au_bout": None if pab_camp is None else ("taker" if pab_camp else "defence"),
        "petit_au_bout_bonus": abs(pab),
        "poignees": [{"seat": s, "level": POIGNEE_LEVELS[lv], "bonus": POIGNEE_BONUS[lv]}
                     for s, lv, _ in deal.poignees],
        "chelem_announced": deal.chelem,
        "chelem": "taker" if slam_att else "defence" if slam_def else None,
        "chelem_bonus": chelem,
        "excuse_exchange_owed": deal.owed_to >= 0,
        "miseres": [{"seat": seat, "kind": kind, "bonus": deal.rules.options.misere}
                    for seat, kind in deal.miseres],
        "unit": unit,
    }
    return Result(tuple(_shares(n, taker, partner, unit)), details)


def _card_points2(deal: TarotState) -> tuple[int, int, int, int]:
    """The taker's side's cards (its tricks, and the écart or the chien as the contract
    says), the half points of each side (the excuse's half point owed settled) and the
    number of tricks the taker's side took."""
    taker, partner, contract = deal.taker, deal.partner, deal.contract
    attack = 0
    defence = 0
    att_tricks = 0
    for s in range(deal.n):  # deal.camp(s), inlined
        if s in (taker, partner):
            attack |= deal.won[s]
            att_tricks += deal.tricks_won[s]
        else:
            defence |= deal.won[s]
    if contract <= GARDE:
        attack |= deal.ecart
    elif contract == GARDE_SANS:
        attack |= deal.chien
    else:
        defence |= deal.chien
    att2 = points2(attack)
    def2 = points2(defence)
    if deal.owed_to >= 0:  # the excuse's side never had a low card to give: half a point
        owed = 1 if deal.camp(deal.ex_owner) else -1
        att2, def2 = att2 - owed, def2 + owed
    return attack, att2, def2, att_tricks


def _difference(diff2: int, rounding: str) -> float | int:
    """The points above or below the need (``diff2``: in half points): a half point
    rounded up with ``rounding='winner'``, kept otherwise."""
    if rounding == "winner":
        return (diff2 + 1) // 2
    return _half(diff2)


def _petit_au_bout(deal: TarotState) -> bool | None:
    """Whose petit au bout (True: the taker's side; None: nobody's): the petit in the last
    trick, or in the trick before when the excuse took the last trick in a chelem."""
    last = deal.tricks[-1]
    if T1 in last[1]:
        return deal.camp(last[2])
    if deal.ex_wins_last and len(deal.tricks) > 1 and T1 in deal.tricks[-2][1]:
        return deal.camp(deal.tricks[-2][2])
    return None


def _chelem_bonus(announced: bool, slam_att: bool, slam_def: bool) -> int:
    """The chelem bonus to the taker's side: 400 announced and made, -200 announced and
    missed, 200 made unannounced; -200 more for a chelem of the defence."""
    chelem = 0
    if announced:
        chelem = 400 if slam_att else -200
    elif slam_att:
        chelem = 200
    if slam_def:
        chelem -= 200
    return chelem


def _shares(n: int, taker: int, partner: int, unit: float | int) -> list[float | int]:
    """Each seat's points from the unit a defender pays: the partner gets one unit and the
    taker the rest of the defence's."""
    points: list[float | int] = []
    for s in range(n):
        if s == taker:
            share = 2 if n == 5 and partner >= 0 else n - 1
            points.append(unit * share)
        elif s == partner:
            points.append(unit)
        else:
            points.append(-unit)
    return points
