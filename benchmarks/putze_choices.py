"""How often the Putze heuristic says each word before the play, by table and policy.

Run: ``PYTHONPATH=src python benchmarks/putze_choices.py [--deals 500] [--tables 4,3,5,2]``

For random deals of each table (the default rules at that number of players), all seats
played by the same heuristic, it counts every word said in the speaking round (*play*,
*pass*, at three players *take blind*, *my game*, *pass*), for ``value`` (the word worth most
over sampled deals, :mod:`atout.bots.putze.speak`) and ``count`` (the trick count's
thresholds, ``heuristic:speak=count``), and how often a player who played ended pomme.
"""

from __future__ import annotations

import argparse
from collections import Counter

import atout
from atout.bots import make_bot, play_out
from atout.core import Action, View


def count_words(players: int, bot: str, deals: int, seed: int) -> tuple[Counter[str], int, int]:
    """The words said over ``deals`` deals, the players who played and those who were pomme."""
    rules = atout.make("putze", players=players)
    words: Counter[str] = Counter()
    played = pommes = 0
    for i in range(deals):
        deal = rules.deal(seed=seed * 100_000 + i, dealer=i % rules.seats)
        bots = [make_bot(bot, rules, s, i) for s in range(rules.seats)]

        def count(view: View, action: Action) -> None:
            if view.phase == "speak":
                words[action.text] += 1

        play_out(deal, bots, count)
        details = deal.result.details
        players_list = details.get("players")
        pomme_list = details.get("pommes")
        if isinstance(players_list, list) and isinstance(pomme_list, list):
            played += len(players_list)
            pommes += sum(1 for s in players_list if isinstance(s, int) and pomme_list[s])
    return words, played, pommes


def main() -> None:
    """Print one row per table and policy."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--tables", default="4,3,5,2")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for players in (int(p) for p in args.tables.split(",")):
        for bot in ("heuristic", "heuristic:speak=count"):
            words, played, pommes = count_words(players, bot, args.deals, args.seed)
            total = sum(words.values()) or 1
            shares = ", ".join(f"{w} {100 * n / total:.1f}%" for w, n in sorted(words.items()))
            print(f"{players} players  {bot:<22} {shares}; pomme {pommes}/{played} players "
                  f"({100 * pommes / max(played, 1):.1f}%)")


if __name__ == "__main__":
    main()
