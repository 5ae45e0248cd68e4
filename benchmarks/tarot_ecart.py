"""What a Tarot bot puts in its écart: voids made, singletons, points and heads put aside.

Run: ``PYTHONPATH=src python benchmarks/tarot_ecart.py [--deals 200] [--bots heuristic,search]``

On deals of 4 players (seeds 30,000 on, the dealer going round) where the first to speak holds a
hand the heuristic's fitted model would take a garde or more with, he says garde, the others
pass, and the bot under test makes his écart. The table gives, per bot, the suits the taker is
void of (a "coupe franche") and holds a single card of after the écart (and in his 24 cards
before it), the points and the heads (jacks, knights, queens) put aside, and the voids by the
number of trumps he holds, to set beside the players' guides quoted in docs/research/bots-tarot.md.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

import atout
from atout.bots import make_bot
from atout.cards import TAROT_DECK
from atout.games.tarot.tables import SUIT_MASKS, TRUMPS, VALUE2


def gardes(deals: int) -> list[tuple[int, int]]:
    """(seed, dealer) of the first ``deals`` deals whose first speaker the model has bid a
    garde or more with."""
    rules = atout.make("tarot", players=4)
    out: list[tuple[int, int]] = []
    i = 0
    while len(out) < deals:
        seed, dealer = 30_000 + i, i % 4
        i += 1
        deal = rules.deal(seed=seed, dealer=dealer)
        seat = deal.to_move
        assert seat is not None
        bid = make_bot("heuristic", rules, seat, seed).choose(deal.view(seat)).text
        if bid.startswith("garde"):
            out.append((seed, dealer))
    return out


def shape(hand: int) -> tuple[int, int]:
    """The plain suits ``hand`` is void of and holds one card of."""
    lengths = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
    return lengths.count(0), lengths.count(1)


def ecart(bot: str, seed: int, dealer: int) -> tuple[int, int]:
    """The taker's 24 cards before the écart of ``bot`` as the taker of a garde, and the
    écart (masks)."""
    rules = atout.make("tarot", players=4)
    deal = rules.deal(seed=seed, dealer=dealer)
    taker = deal.to_move
    assert taker is not None
    deal.play("garde")
    for _ in range(3):
        deal.play("pass")
    before = TAROT_DECK.mask(deal.view(taker).hand)
    player = make_bot(bot, rules, taker, seed)
    while deal.to_move == taker and deal.view(taker).phase == "ecart":
        deal.play(player.choose(deal.view(taker)))
    put = TAROT_DECK.mask(deal.view(taker).info["ecart"])
    return before, put


def main() -> None:
    """Print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--bots", default="heuristic,search")
    args = ap.parse_args()
    boards = gardes(args.deals)
    heads = sum(1 << (s * 14 + r) for s in range(4) for r in (10, 11, 12))
    print(f"{'bot':<12} {'deals':>5} {'voids before':>12} {'voids':>6} {'a void':>7} "
          f"{'singletons':>10} {'points':>7} {'heads':>6}   voids by trumps held: "
          f"<8, 8 to 10, >10")
    for bot in args.bots.split(","):
        sums: dict[str, float] = defaultdict(float)
        by_trumps: dict[int, list[int]] = defaultdict(list)
        for seed, dealer in boards:
            before, put = ecart(bot, seed, dealer)
            after = before & ~put
            voids, singles = shape(after)
            sums["before"] += shape(before)[0]
            sums["voids"] += voids
            sums["void"] += voids > 0
            sums["singles"] += singles
            sums["points"] += sum(VALUE2[c] for c in range(78) if put >> c & 1) / 2
            sums["heads"] += (put & heads).bit_count()
            trumps = (after & TRUMPS).bit_count()
            by_trumps[0 if trumps < 8 else 1 if trumps <= 10 else 2].append(voids)
        n = len(boards)
        groups = ", ".join(f"{sum(v) / len(v):.2f} ({len(v)})" if v else "-"
                           for v in (by_trumps[0], by_trumps[1], by_trumps[2]))
        print(f"{bot:<12} {n:>5} {sums['before'] / n:>12.2f} {sums['voids'] / n:>6.2f} "
              f"{100 * sums['void'] / n:>6.1f}% {sums['singles'] / n:>10.2f} "
              f"{sums['points'] / n:>7.2f} {sums['heads'] / n:>6.2f}   {groups}")


if __name__ == "__main__":
    main()
