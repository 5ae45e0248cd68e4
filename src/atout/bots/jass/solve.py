"""An exact solver for the end of a Schieber deal with every hand known (alpha-beta).

The search bot samples the hidden hands; once few tricks remain, it plays each sample out
exactly instead of with rollouts: every seat plays perfectly for its side, knowing all the
cards (a "double-dummy" solve). The value is the card points the two sides still take, from
side 0's point of view (side 0 minus side 1), counting the cards already in the current
trick, the 5 for the last trick and the 100 of a match. Weis and Stöck no longer depend on
the play once the first trick is over, so they are left out.

The tree is searched with alpha-beta, a table of values at the start of each trick and
equivalent cards merged (cards of one hand, adjacent in power among the cards still out, of
the same value, are one choice).
"""

from __future__ import annotations

from atout.games.jass import JassDeal
from atout.games.jass.play import (
    LAST_TRICK_BONUS,
    MATCH_BONUS,
    POWER,
    SUIT_MASK,
    TRICK_KEYS,
    VALUE,
    legal_cards,
)

_EXACT, _LOWER, _UPPER = 0, 1, 2


def _orders() -> list[list[tuple[int, ...]]]:
    """Per mode and suit: the suit's cards from the weakest to the strongest."""
    out = []
    for mode in range(6):
        power = POWER[mode]
        out.append([tuple(sorted(range(s * 9, s * 9 + 9), key=lambda c: power[c]))
                    for s in range(4)])
    return out


ORDERS = _orders()


class EndgameSolver:
    """Solves Jass endgames for one trump mode; keeps a table across calls on one deal.

    ``match_bonus``: whether a side taking every trick scores the 100 of a match;
    ``strict_under`` and ``buur_free``: the table's following rules (see
    :func:`atout.games.jass.play.legal_cards`).
    """

    def __init__(self, mode: int, nxt: list[int], match_bonus: bool = True, *,
                 strict_under: bool = False, buur_free: bool = True) -> None:
        self.mode = mode
        self.strict_under = strict_under
        self.buur_free = buur_free
        self.nxt = nxt
        self.match_bonus = match_bonus
        self.power = POWER[mode]
        self.keys = TRICK_KEYS[mode]
        self.value = VALUE[mode]
        self.order = ORDERS[mode]
        self.table: dict[tuple[int, int, int, int, int, int], tuple[int, int]] = {}
        self.nodes = 0

    def _choices(self, hand: int, legal: int, out: int) -> list[int]:
        """The legal cards, one per group of equivalent cards."""
        value = self.value
        picks = []
        for s in range(4):
            mine = legal & SUIT_MASK[s]
            if not mine:
                continue
            if mine & (mine - 1) == 0:
                picks.append(mine.bit_length() - 1)
                continue
            prev = -1
            for c in self.order[s]:
                bit = 1 << c
                if not out & bit:
                    continue  # played: does not separate two cards
                if mine & bit:
                    if prev >= 0 and value[prev] == value[c]:
                        picks[-1] = c  # same group: keep the stronger one
                    else:
                        picks.append(c)
                    prev = c
                else:
                    prev = -1  # another hand's card, or one of ours not legal now
        return picks

    def solve(self, hands: list[int], seat: int, trick: list[int], led: int, best: int,
              best_seat: int, tricks_done: int, won: int, alpha: int = -10_000,
              beta: int = 10_000) -> int:
        """The value (side 0 minus side 1) of the rest of the deal, ``seat`` to play.

        ``trick``: the cards already in the current trick; ``led``/``best``/``best_seat`` as
        in the deal; ``tricks_done``: tricks finished; ``won``: bit ``s`` set when side ``s``
        has won a trick (for the match bonus).
        """
        pts = 0
        for c in trick:
            pts += self.value[c]
        return self._node(hands, seat, len(trick), led, best, best_seat, pts, tricks_done,
                          won, alpha, beta)

    def _node(self, hands: list[int], seat: int, pos: int, led: int, best: int,
              best_seat: int, pts: int, done: int, won: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        key = None
        if pos == 0:
            if done == 9:
                return self._end_value(won)
            key = (hands[0], hands[1], hands[2], hands[3], seat, won)
            hit = self._probe(key, alpha, beta)
            if hit is not None:
                return hit
        a0, b0 = alpha, beta
        hand = hands[seat]
        legal = legal_cards(hand, self.mode, led, best, strict_under=self.strict_under,
                            buur_free=self.buur_free)
        out = hands[0] | hands[1] | hands[2] | hands[3]
        if pos:
            out |= 1 << best  # the card to beat separates two cards around it
        cards = self._choices(hand, legal, out)
        value = self.value
        if pos:
            # who wins: the trick keys of the suit led (trick.beats, as a table read)
            kl = self.keys[led]
            kb = kl[best]
            # winners first, cheapest last: good moves early make the cuts
            cards.sort(key=lambda c: -(kl[c] > kb))
        else:
            power = self.power
            cards.sort(key=lambda c: -power[c])
        maximize = seat & 1 == 0
        result = -10_000 if maximize else 10_000
        nxt = self.nxt[seat]
        for c in cards:
            hands[seat] = hand ^ (1 << c)
            npts = pts + value[c]
            if not pos:
                v = self._node(hands, nxt, 1, c // 9, c, seat, npts, done, won, alpha, beta)
            else:
                nbest, nbs = (c, seat) if kl[c] > kb else (best, best_seat)
                if pos < 3:
                    v = self._node(hands, nxt, pos + 1, led, nbest, nbs, npts, done, won,
                                   alpha, beta)
                else:
                    v = self._next_trick(hands, nbs, npts, done, won, alpha, beta)
            if maximize:
                if v > result:
                    result = v
                if result > alpha:
                    alpha = result
            else:
                if v < result:
                    result = v
                if result < beta:
                    beta = result
            if alpha >= beta:
                break
        hands[seat] = hand
        if key is not None:
            self._store(key, result, a0, b0)
        return result

    def _next_trick(self, hands: list[int], winner: int, pts: int, done: int, won: int,
                    alpha: int, beta: int) -> int:
        """The value after a trick's last card: its points (and the last trick's bonus) to
        the winner's side, then the rest from the winner's lead."""
        done += 1
        if done == 9:
            pts += LAST_TRICK_BONUS
        side = winner & 1
        gain = -pts if side else pts
        return gain + self._node(hands, winner, 0, -1, -1, -1, 0, done, won | (1 << side),
                                 alpha - gain, beta - gain)

    def _end_value(self, won: int) -> int:
        """The value once every trick is played: the match bonus of a side that took all."""
        if self.match_bonus and won in (1, 2):
            return MATCH_BONUS if won == 1 else -MATCH_BONUS
        return 0

    def _probe(self, key: tuple[int, int, int, int, int, int], alpha: int,
               beta: int) -> int | None:
        """The value stored for a trick's start, if it answers within ``alpha`` and ``beta``."""
        hit = self.table.get(key)
        if hit is None:
            return None
        v, flag = hit
        if flag == _EXACT or (flag == _LOWER and v >= beta) or (flag == _UPPER and v <= alpha):
            return v
        return None

    def _store(self, key: tuple[int, int, int, int, int, int], result: int, alpha: int,
               beta: int) -> None:
        """Keep a trick start's value, with whether it is exact or a bound (searched within
        ``alpha`` and ``beta``)."""
        flag = _EXACT
        if result <= alpha:
            flag = _UPPER
        elif result >= beta:
            flag = _LOWER
        self.table[key] = (result, flag)


def solve_deal(deal: JassDeal, solver: EndgameSolver | None = None) -> int:
    """The exact value (side 0 minus side 1) of the rest of a Jass deal's card play."""
    if solver is None:
        solver = EndgameSolver(deal.mode, deal.next_player, deal.match_bonus_enabled(),
                               strict_under=deal.strict_under, buur_free=deal.buur_free)
    if deal.play_over:
        return 0
    won = sum(1 << s for s in (0, 1) if deal.tricks_won[s])
    return solver.solve(list(deal.hands), deal.turn, deal.trick, deal.led, deal.best,
                        deal.best_seat, len(deal.tricks), won)


__all__ = ["EndgameSolver", "solve_deal"]
