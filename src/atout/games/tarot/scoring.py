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
    attack = 0
    defence = 0
    att_tricks = 0
    for s in range(n):  # deal.camp(s), inlined
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
        if deal.camp(deal.ex_owner):
            att2, def2 = att2 - 1, def2 + 1
        else:
            att2, def2 = att2 + 1, def2 - 1
    bouts = (attack & BOUTS).bit_count()
    need2 = THRESHOLDS2[bouts]
    made = att2 >= need2
    diff2 = abs(att2 - need2)
    if deal.rules.options.rounding == "winner":
        diff: float | int = (diff2 + 1) // 2
    else:
        diff = _half(diff2)
    sign = 1 if made else -1
    # petit au bout: the petit in the last trick (or, when the excuse took the last trick in
    # a chelem, in the trick before)
    pab_camp: bool | None = None
    last = deal.tricks[-1]
    if T1 in last[1]:
        pab_camp = deal.camp(last[2])
    elif deal.ex_wins_last and len(deal.tricks) > 1 and T1 in deal.tricks[-2][1]:
        pab_camp = deal.camp(deal.tricks[-2][2])
    pab = 0 if pab_camp is None else (10 * mult if pab_camp else -10 * mult)
    poignee = sum(POIGNEE_BONUS[lv] for _, lv, _ in deal.poignees) if deal.poignees else 0
    slam_att = att_tricks == deal.hand_size
    slam_def = att_tricks == 0
    chelem = 0
    if deal.chelem:
        chelem = 400 if slam_att else -200
    elif slam_att:
        chelem = 200
    if slam_def:
        chelem -= 200
    unit = sign * (25 + diff) * mult + pab + sign * poignee + chelem
    points: list[float | int] = []
    for s in range(n):
        if s == taker:
            share = 2 if n == 5 and partner >= 0 else n - 1
            points.append(unit * share)
        elif s == partner:
            points.append(unit)
        else:
            points.append(-unit)
    details: dict[str, JSON] = {
        "annulled": None,
        "taker": taker,
        "contract": CONTRACTS[contract],
        "multiplier": mult,
        "called": None if deal.called < 0 else DECK.codes[deal.called],
        "partner": taker if partner < 0 else partner,
        "bouts": bouts,
        "taker_points": att2 // 2 if att2 % 2 == 0 else att2 / 2,  # _half, inlined
        "defence_points": def2 // 2 if def2 % 2 == 0 else def2 / 2,
        "needed": need2 // 2,
        "made": made,
        "difference": diff,
        "petit_au_bout": None if pab_camp is None else ("taker" if pab_camp else "defence"),
        "petit_au_bout_bonus": abs(pab),
        "poignees": [{"seat": s, "level": POIGNEE_LEVELS[lv], "bonus": POIGNEE_BONUS[lv]}
                     for s, lv, _ in deal.poignees] if deal.poignees else [],
        "chelem_announced": deal.chelem,
        "chelem": "taker" if slam_att else "defence" if slam_def else None,
        "chelem_bonus": chelem,
        "excuse_exchange_owed": deal.owed_to >= 0,
        "unit": unit,
    }
    return Result(tuple(points), details)
