"""Putze / Pomme: individual Jass for 2 to 5 players, scored in putzes and pommes.

Everyone plays for himself; the card play is Schieber's (:mod:`atout.games.jass.play`).
Two rule texts are presets of one game: ``regle-27`` (rules 27.1-27.27) and ``jass-txt``
(the section "La Pomme ou le Putz"); every point where they differ is an option. See
docs/putze.md.

>>> import atout
>>> rules = atout.make("putze", players=3, preset="regle-27")
>>> deal = rules.deal(seed=7)
>>> sorted(a.text for a in deal.legal_actions())
['my game', 'pass', 'take blind']
"""

from atout.games.putze.deal import WORDS, PutzeDeal
from atout.games.putze.options import PRESETS, Plan, PutzeOptions, resolve
from atout.games.putze.rules import PutzeMatch, PutzeRules
from atout.games.putze.scoring import JASS_TXT_5, add_putzes, award, deal_loser, tally_text

__all__ = [
    "JASS_TXT_5",
    "PRESETS",
    "WORDS",
    "Plan",
    "PutzeDeal",
    "PutzeMatch",
    "PutzeOptions",
    "PutzeRules",
    "add_putzes",
    "award",
    "deal_loser",
    "resolve",
    "tally_text",
]
