"""Putzes and pommes of a deal (27.4-27.9, 27.16-27.18, 27.23, jass-txt), and the
match tally in words.

Pure functions over the players' totals, so the rules can be tested on their own as well as
in real deals.
"""

from __future__ import annotations

from collections.abc import Sequence

JASS_TXT_5: dict[int, tuple[int, ...]] = {
    0: (1, 1, 1), 1: (1, 1, 1), 2: (2, 1, 1), 3: (2, 2), 4: (3,), 5: (),
}
"""jass-txt, 5 players: putzes by place among the players who are not pomme, by the number
of pommes ("si deux joueurs sont pomme, le meilleur marque deux points; si trois …, les deux
meilleurs gagnent chacun deux points; si quatre …, le grand gagnant marque trois points")."""


def award(totals: Sequence[int], players: Sequence[int], putzes: int, bonus: str,
          pomme_below: int, all_under: str = "pomme",
          tie_overflow: str = "nobody") -> tuple[list[int], list[int]]:
    """Putzes and pommes gained by each seat in a deal.

    ``totals`` are the seats' points (cards, announcements), ``players`` the seats that
    played, in speaking order. A lone player scores every putze in play (27.7, 27.17); a
    player under ``pomme_below`` is pomme (27.5) and never putzes; the putzes go to the best
    totals, and players tied for a place score only if they all fit in the putzes left
    (27.9: not when another player has more points; tied at the top and more than the putzes
    in play, they all score with ``tie_overflow="all"``, else none of them). ``bonus`` says
    where the putzes that pommes cannot take go: ``to-best`` (27.8, 27.18), ``none``
    (27.23) or the ``jass-txt-5`` table.
    ``all_under`` says what happens when every player is under the limit: each is ``pomme``
    or ``nothing`` is marked.
    """
    n = len(totals)
    gained = [0] * n
    pommes = [0] * n
    if not players:
        return gained, pommes
    if len(players) == 1:
        gained[players[0]] = putzes
        return gained, pommes
    for s in players:
        if totals[s] < pomme_below:
            pommes[s] = 1
    eligible = [s for s in players if not pommes[s]]
    if not eligible and all_under == "nothing":
        return gained, [0] * n
    npommes = len(players) - len(eligible)
    table = JASS_TXT_5[npommes] if bonus == "jass-txt-5" else (1,) * putzes
    groups: list[list[int]] = []
    for s in sorted(eligible, key=lambda s: -totals[s]):
        if groups and totals[groups[-1][0]] == totals[s]:
            groups[-1].append(s)
        else:
            groups.append([s])
    pos = 0
    for i, group in enumerate(groups):
        if pos >= len(table):
            break
        end = pos + len(group)
        if end <= len(table):
            amount = min(table[pos:end])
        elif i == 0 and tie_overflow == "all":
            amount = min(table)  # 27.9 literally: nobody has more points, so all putze
        else:
            break  # 27.9: tied with too few putzes left: none of them putzes
        for s in group:
            gained[s] += amount
        pos = end
    if bonus == "to-best" and groups and len(eligible) < putzes and len(groups[0]) == 1 and \
            pos:
        gained[groups[0][0]] += putzes - len(eligible)
    return gained, pommes


def deal_loser(totals: Sequence[int], players: Sequence[int]) -> int | None:
    """The player who did worst in a deal (27.19), first in speaking order on a tie.

    None when fewer than two played: nobody lost.
    """
    if len(players) < 2:
        return None
    return min(players, key=lambda s: (totals[s], players.index(s)))


def tally_text(name: str, putzes: int, pommes: int) -> str:
    """One player's tally, to read aloud: ``"Anna 4 putzes, 1 pomme"``."""
    text = f"{name} {putzes} putze{'s' if putzes != 1 else ''}"
    if pommes:
        text += f", {pommes} pomme{'s' if pommes != 1 else ''}"
    return text


def add_putzes(putzes: int, pommes: int, gained: int, lost: int) -> tuple[int, int]:
    """The tally after a deal: each new putze first strikes off a pomme (27.6)."""
    pommes += lost
    strike = min(pommes, gained)
    return putzes + gained - strike, pommes - strike
