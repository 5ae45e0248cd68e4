"""What each Tarot contract brings its taker when a bot sits at every seat.

Run: ``PYTHONPATH=src python benchmarks/tarot_bids.py [--deals 1000] [--players 4]
[--bots heuristic,heuristic:bid=value,heuristic:bid=count]``

Every bot plays the same deals (seeds 20,000 on, the dealer going round) at every seat, to the
end. The table gives, per bot and contract, the share of deals ending in it (or with every
player passing), the share the taker made and the taker's mean points (his own score, the
three defenders paying him at four players), and how many gardes or higher were bid with a
hand that breaks the club must-hold (three trumps or fewer, or no bout: the petit counts as a
bout only with five trumps).
"""

from __future__ import annotations

import argparse
from collections import defaultdict

import atout
from atout.bots import make_bot
from atout.cards import TAROT_DECK
from atout.games.tarot.tables import BIT_EX, BIT_T1, BIT_T21, TRUMPS

CONTRACTS = ("prise", "garde", "garde sans", "garde contre")


def weak_garde(hand: int) -> bool:
    """A hand no club player takes a garde with: three trumps or fewer, or no bout (the petit
    with fewer than five trumps is no bout)."""
    nt = (hand & TRUMPS).bit_count()
    bouts = bool(hand & (BIT_T21 | BIT_EX)) or bool(hand & BIT_T1 and nt >= 5)
    return nt <= 3 or not bouts


def run(bot: str, deals: int, players: int) -> dict[str, list[float]]:
    """Per final contract (or ``all pass``): [deals, made, taker's points summed, weak
    gardes]."""
    rules = atout.make("tarot", players=players)
    out: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0.0, 0])
    for i in range(deals):
        deal = rules.deal(seed=20_000 + i, dealer=i % players)
        bots = [make_bot(bot, rules, s, i) for s in range(players)]
        hands = {s: TAROT_DECK.mask(deal.view(s).hand) for s in range(players)}
        while deal.to_move is not None:
            deal.play(bots[deal.to_move].choose(deal.view(deal.to_move)))
        info = deal.view(0).info
        taker = info.get("taker")
        contract = "all pass" if taker is None else str(info["contract"])
        row = out[contract]
        row[0] += 1
        if taker is not None:
            points = deal.result.points[taker]
            row[1] += points > 0
            row[2] += points
            row[3] += contract != "prise" and weak_garde(hands[taker])
    return out


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic,heuristic:bid=value,heuristic:bid=count")
    args = parser.parse_args()
    print(f"{'bot':<22} {'contract':<13} {'share':>7} {'made':>7} {'taker mean':>11} "
          f"{'weak gardes':>12}")
    for bot in args.bots.split(","):
        out = run(bot, args.deals, args.players)
        for contract in ("all pass", *CONTRACTS):
            deals, made, points, weak = out.get(contract, [0, 0, 0.0, 0])
            if not deals:
                continue
            share = 100 * deals / args.deals
            if contract == "all pass":
                print(f"{bot:<22} {contract:<13} {share:>6.1f}%")
                continue
            print(f"{bot:<22} {contract:<13} {share:>6.1f}% {100 * made / deals:>6.1f}% "
                  f"{points / deals:>+11.1f} {int(weak):>12}", flush=True)
        taken = [out[c] for c in CONTRACTS if c in out]
        n = sum(r[0] for r in taken)
        if n:
            print(f"{bot:<22} {'all taken':<13} {100 * n / args.deals:>6.1f}% "
                  f"{100 * sum(r[1] for r in taken) / n:>6.1f}% "
                  f"{sum(r[2] for r in taken) / n:>+11.1f} "
                  f"{int(sum(r[3] for r in taken)):>12}", flush=True)


if __name__ == "__main__":
    main()
