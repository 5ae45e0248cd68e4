"""Swiss Jass, Schieber: four players in two teams, trump chosen or pushed to the partner.

Seats 0 and 2 play against 1 and 3. Seats are numbered clockwise around the table; play
goes counter-clockwise by default (the Swiss way), so the next player is seat - 1. The
player after the dealer ("forehand") names trump, Obenabe or Undenufe, or pushes the choice
to the partner, and leads the first trick either way.

Actions: the 36 card codes (ids 0-35, the card index), then ``trump H``, ``trump D``,
``trump S``, ``trump C`` (36-39), ``obenabe`` (40), ``undenufe`` (41), ``push`` (42).
"""

from atout.games.jass.deal import JassDeal
from atout.games.jass.options import JassOptions
from atout.games.jass.rules import JassMatch, JassRules, team_of

__all__ = ["JassDeal", "JassMatch", "JassOptions", "JassRules", "team_of"]
