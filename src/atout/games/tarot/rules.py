"""French Tarot's rules with their options fixed, and a whole game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from atout.core import (
    JSON,
    Deal,
    Match,
    MatchResult,
    Rules,
    check_seat,
    check_seed,
    ranking_by,
)

from .deal import TarotDeal
from .dealing import mask_piles
from .options import PRESETS, TarotOptions
from .tables import ACTIONS, CHIEN_SIZES, DECK, HAND_SIZES


class TarotRules(Rules[TarotOptions]):
    """French Tarot with its options fixed: makes deals and matches."""

    name: ClassVar[str] = "tarot"
    title: ClassVar[str] = "French Tarot"
    options_type: ClassVar[type[Any]] = TarotOptions
    presets = PRESETS

    def __init__(self, options: TarotOptions) -> None:
        super().__init__(options, ACTIONS, options.players)

    def _new_deal(self, setup: dict[str, JSON]) -> TarotDeal:
        check_seat(setup.get("dealer"), self.seats)
        if "seed" in setup:
            check_seed(setup["seed"])
        else:
            hands = setup.get("hands")
            if not isinstance(hands, list) or len(hands) != self.seats:
                raise ValueError(f"hands must list {self.seats} hands, one per seat")
        return TarotDeal(self, setup)

    def deal_from_masks(self, hands: Sequence[int], chien: int, *,
                        dealer: int = 0) -> TarotDeal:
        """The deal ``rules.deal(hands=..., chien=..., dealer=dealer)`` lays out, from its
        hands and chien as card masks (bit ``i`` for card ``i`` of ``TAROT_DECK``): the same
        deal in every respect (its setup and saved form hold the cards' codes), made without
        writing the codes out and reading them back.

        ``ValueError``, in words, unless ``hands`` has one mask per seat and the masks hold the
        78 cards, each once, as many in each hand and in the chien as the rules deal.

        >>> import atout
        >>> from atout.cards import TAROT_DECK
        >>> rules = atout.make("tarot", players=3)
        >>> d = rules.deal(seed=4)
        >>> hands = [TAROT_DECK.mask(d.view(s).hand) for s in range(3)]
        >>> chien = (1 << 78) - 1 & ~(hands[0] | hands[1] | hands[2])
        >>> again = rules.deal_from_masks(hands, chien, dealer=0)
        >>> again.save() == rules.deal(hands=[TAROT_DECK.codes_of(h) for h in hands],
        ...                            chien=TAROT_DECK.codes_of(chien)).save()
        True
        >>> rules.deal_from_masks(hands, chien | hands[0] & -hands[0])  # hand 0's lowest card
        Traceback (most recent call last):
        ...
        ValueError: card(s) 2H dealt twice (again in the chien)
        """
        check_seat(dealer, self.seats)
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise ValueError(f"hands must be a sequence of {self.seats} card masks, one per "
                             f"seat, not {hands!r}")
        if len(hands) != self.seats:
            raise ValueError(f"hands must list {self.seats} card masks, one per seat, not "
                             f"{len(hands)}")
        n = self.seats
        piles = mask_piles(hands, chien, HAND_SIZES[n], CHIEN_SIZES[n])
        codes_of = DECK.codes_of
        setup: dict[str, JSON] = {"hands": [codes_of(h) for h in piles[0]], "dealer": dealer,
                                  "chien": codes_of(chien)}
        return TarotDeal(self, setup, piles)

    def match(self, seed: int | None = None, **kwargs: Any) -> TarotMatch:
        """A match of ``deals`` deals (default 5) from ``seed``.

        Keywords: ``deals`` (int, at least 1), ``first_dealer`` (a seat) and
        ``count_annulled`` (bool, default True: a deal where all pass or a petit sec is
        declared counts as one of the ``deals``; False: only deals played count).
        """
        unknown = set(kwargs) - {"deals", "first_dealer", "count_annulled"}
        if unknown:
            raise ValueError(f"tarot match: unknown keyword(s) {', '.join(sorted(unknown))}: "
                             "expected deals, first_dealer, count_annulled")
        deals = kwargs.get("deals", 5)
        first = kwargs.get("first_dealer", 0)
        count = kwargs.get("count_annulled", True)
        if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
            raise ValueError(f"tarot match: deals must be an int of at least 1, not {deals!r}")
        if not isinstance(count, bool):
            raise ValueError(f"tarot match: count_annulled must be a bool, not {count!r}")
        return TarotMatch(self, check_seed(seed), deals=deals, first_dealer=first,
                          count_annulled=count)


class TarotMatch(Match):
    """A match of a fixed number of deals with cumulative zero-sum scores."""

    def __init__(self, rules: TarotRules, seed: int, *, deals: int, first_dealer: int,
                 count_annulled: bool) -> None:
        self.target_deals = deals
        self.first_dealer = first_dealer
        self.count_annulled = count_annulled
        self.played = 0
        super().__init__(rules, seed, first_dealer)

    def _score_deal(self, deal: Deal) -> Sequence[float]:
        res = deal.result
        if not res.details.get("annulled") or self.count_annulled:
            self.played += 1
        for s, p in enumerate(res.points):
            self.scores[s] += p
        return res.points

    def _next_dealer(self, deal: Deal) -> int:
        return (deal.dealer + 1) % self.rules.seats

    def _finished(self) -> bool:
        return self.played >= self.target_deals

    def _match_result(self) -> MatchResult:
        best = max(self.scores)
        winners = tuple(s for s, v in enumerate(self.scores) if v == best)
        return MatchResult(tuple(self.scores), winners, ranking_by(self.scores),
                           {"deals": len(self.deals), "counted": self.played})

    def match_info(self) -> dict[str, JSON]:
        """Public facts of the match: scores, deal number, deals to play."""
        info = super().match_info()
        info["deals"] = self.target_deals
        info["counted"] = self.played
        return info

    def _save_extra(self) -> dict[str, JSON]:
        return {"deals": self.target_deals, "first_dealer": self.first_dealer,
                "count_annulled": self.count_annulled}
