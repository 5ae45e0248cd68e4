"""French Tarot for 3, 4 and 5 players, to the FFT rules.

>>> import atout
>>> rules = atout.make("tarot", players=4)
>>> deal = rules.deal(seed=1)
>>> deal.seats, rules.num_actions
(4, 184)

Actions (ids fixed for every player count): the 78 card codes play a card (ids 0..77);
``discard <card>`` puts a card in the écart (78..155); ``pass``, ``prise``, ``garde``,
``garde sans``, ``garde contre`` bid (156..160); ``call KH``… call a card at 5 players
(161..176); ``no poignee`` and ``poignee simple|double|triple`` (177..180); ``no chelem`` and
``chelem`` (181, 182); ``petit sec`` declares a petit sec (183). See docs/tarot.md.
"""

from .deal import TarotDeal
from .dealing import deal_cards
from .options import TarotOptions
from .rules import TarotMatch, TarotRules
from .tables import PHASES

__all__ = ["PHASES", "TarotDeal", "TarotMatch", "TarotOptions", "TarotRules", "deal_cards"]
