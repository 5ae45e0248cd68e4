"""How often each Tarot contract is taken when a bot sits at every seat.

Run: ``PYTHONPATH=src python benchmarks/tarot_contracts.py [--deals 400] [--bots heuristic,...]``

Every bot bids at every seat of the same deals (seeds 20,000 on); only the auction is played.
The table gives, per bot, the share of deals ending in each contract or with every player
passing, and the share of bids (pass or a contract) among all the bids made.
"""

from __future__ import annotations

import argparse
from collections import Counter

import atout
from atout.bots import make_bot

CONTRACTS = ("prise", "garde", "garde sans", "garde contre")


def auctions(bot: str, deals: int, players: int) -> tuple[Counter[str], Counter[str]]:
    """The final contracts (or ``all pass``) and every bid made over ``deals`` auctions."""
    rules = atout.make("tarot", players=players)
    final: Counter[str] = Counter()
    bids: Counter[str] = Counter()
    for i in range(deals):
        deal = rules.deal(seed=20_000 + i, dealer=i % players)
        bots = [make_bot(bot, rules, s, i) for s in range(players)]
        last = "all pass"
        while deal.to_move is not None:
            view = deal.view(deal.to_move)
            if view.phase != "bidding":
                break
            action = bots[deal.to_move].choose(view)
            bids[action.text] += 1
            if action.text in CONTRACTS:
                last = action.text
            deal.play(action)
        else:
            if deal.view(0).info.get("annulled") == "petit sec":
                last = "petit sec"
        final[last] += 1
    return final, bids


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic,heuristic:bid=count,search")
    args = parser.parse_args()
    cols = ("all pass", *CONTRACTS)
    print(f"{'bot':<22} {'deals':>6} " + " ".join(f"{c:>12}" for c in cols)
          + "   bids: " + " ".join(f"{c:>12}" for c in ("pass", *CONTRACTS)))
    for bot in args.bots.split(","):
        final, bids = auctions(bot, args.deals, args.players)
        n = sum(final.values())
        nb = sum(bids.values())
        print(f"{bot:<22} {n:>6} " + " ".join(f"{100 * final[c] / n:>11.1f}%" for c in cols)
              + "         " + " ".join(f"{100 * bids[c] / nb:>11.1f}%"
                                       for c in ("pass", *CONTRACTS)), flush=True)


if __name__ == "__main__":
    main()
