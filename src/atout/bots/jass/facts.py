"""What the Jass search's sampler reads in the others' play, as facts a sampled deal must
agree with: the Bocks an opponent's lead says he did not hold (:func:`bock_leads`), how each
seat followed (:func:`play_facts`), and the Weis announced (:func:`weis_agree`). The sampler
(:class:`atout.bots.jass.search.JassDeterminizer`) prefers the samples that break fewest.
"""

from __future__ import annotations

from typing import Any

from atout.bots.jass.heuristic import FULL, JassSeen
from atout.cards import bit_list
from atout.core import Rules
from atout.games.jass.play import JACK, NINE, POWER, SUIT_MASK, TRICK_KEYS, VALUE
from atout.games.jass.seen import Follow
from atout.games.jass.weis import find_weis_memo
from atout.games.trick import beats


def bock_leads(seen: JassSeen, learn: bool = False) -> list[tuple[int, int, int, int]]:
    """The opponents' leads of a side card that was not sure to win, as facts to check.

    One ``(seat, bocks, above, keep)`` per such lead: ``bocks`` holds the best card still out
    in each side suit at that moment (the leader had a Bock if he held one of them),
    ``above`` the cards still out that beat the card led (it was a Bock itself if he held
    them all), ``keep`` the trumps still out when a defender led (he keeps his Bocks while
    any of them is in another hand: :data:`~atout.bots.jass.cards.DEFENCE`; 0 otherwise).

    With ``learn``, an opponent whose own later play proves that he once led so while
    holding a Bock (not as a defender keeping it while trumps were out) is not read this way
    at all: he does not play by the rule, so none of his leads says what he lacked.
    """
    mode = seen.mode
    if mode < 0:
        return []
    power = POWER[mode]
    side = [x for x in range(4) if x != mode]  # every suit in Obenabe and Undenufe
    out: list[tuple[int, int, int, int]] = []
    broke = 0  # the seats proven not to cash their Bocks (with ``learn``)
    for actor, card, played in seen.leads:
        if not (actor - seen.seat) % 2 or card // 9 not in side:
            continue
        bocks = 0
        for x in side:
            left = SUIT_MASK[x] & ~played
            if left:
                bocks |= 1 << _strongest(left, power)
        above = _stronger(SUIT_MASK[card // 9] & ~played, power, power[card])
        defends = mode < 4 and (actor - seen.chooser) % 2 == 1
        keep = SUIT_MASK[mode] & ~played if defends else 0
        if bocks & seen.played[actor]:
            # he played one of them later: he kept a Bock, the rule does not hold; he broke
            # it if the card he led was no Bock itself (a card above it not his: ours, or
            # played by another seat) and he was no defender keeping his Bocks
            if above & (seen.hand | seen.played_all & ~seen.played[actor]) and not keep:
                broke |= 1 << actor
            continue
        out.append((actor, bocks, above, keep))
    if learn and broke:
        out = [fact for fact in out if not broke >> fact[0] & 1]
    return out


def _strongest(cards: int, power: tuple[int, ...]) -> int:
    """The strongest of a non-empty mask of cards."""
    return max(bit_list(cards), key=power.__getitem__)


def _stronger(cards: int, power: tuple[int, ...], than: int) -> int:
    """The cards of ``cards`` whose power is above ``than``."""
    return sum(1 << c for c in bit_list(cards) if power[c] > than)


def lead_misses(hands: list[int], leads: list[tuple[int, int, int, int]]) -> int:
    """How many of the opponents' leads a sample explains badly: a lesser card led while
    holding a Bock he would have cashed."""
    return sum(1 for seat, bocks, above, keep in leads
               if hands[seat] & bocks and above & ~hands[seat] and not keep & ~hands[seat])


def play_facts(seen: JassSeen) -> list[tuple[int, int]]:
    """What the opponents' cards to tricks say they lacked, as ``(seat, cards)`` facts.

    ``seen`` must come from ``read_view(..., follows=True)``.

    They are read as a club player (and the heuristic) plays:

    - the other side holds the trick: he takes it when he can — last to play with any card
      of the suit led that beats it, or with a trump when it holds points (the Buur or the
      Nell for 10 or more); earlier with the best card still out of the suit led, or a trump
      when it holds 10 points or more; otherwise he throws his cheapest card, so he had none
      cheaper (and a card of the suit led before an under-trump);
    - his partner holds the trick and he plays last: he feeds it (Schmieren) his best side
      card, so he had none worth much more.

    An opponent who played otherwise held none of ``cards`` then. Facts his own later play
    contradicts are dropped; the others are soft, like the Bock inference.
    """
    mode = seen.mode
    if mode < 0:
        return []
    pool = seen.unseen
    out: list[tuple[int, int]] = []
    for f in seen.follows:
        actor = f.seat
        if not (actor - seen.seat) % 2:
            continue  # our side's cards
        last = f.pos == seen.nplayers - 1
        if not (f.best_seat - actor) % 2:
            lacked = _feeding_lacked(f, mode, last)
        else:
            lacked = _taking_lacked(f, mode, last)
        if lacked & seen.played[actor]:
            continue  # he played otherwise: the rule does not hold for him
        lacked &= pool
        if lacked:
            out.append((actor, lacked))
    return out


def _side_cards(mode: int) -> tuple[int, int]:
    """The trumps and the Buur and the Nell of ``mode`` (none without trump)."""
    if mode < 4:
        return SUIT_MASK[mode], 1 << (mode * 9 + JACK) | 1 << (mode * 9 + NINE)
    return 0, 0


def _feeding_lacked(f: Follow, mode: int, last: bool) -> int:
    """His partner held the trick: last to play he feeds it his best side card (Schmieren),
    so he lacked the side cards worth much more (a trump fed: any side card)."""
    if not last:
        return 0  # whether his partner's trick was safe depends on his hand
    card = f.card
    trumps = _side_cards(mode)[0]
    side = FULL & ~trumps
    if trumps >> card & 1:
        return side if f.led != mode else 0
    value = VALUE[mode]
    suits = (SUIT_MASK[f.led] if card // 9 == f.led else side) & side & ~f.before
    return sum(1 << c for c in bit_list(suits) if value[c] // 2 > value[card])


def _taking_lacked(f: Follow, mode: int, last: bool) -> int:
    """The other side held the trick: he takes it when he can (see :func:`play_facts`),
    otherwise throws his cheapest card; what he lacked by not doing so."""
    card = f.card
    if beats(TRICK_KEYS[mode][f.led], card, f.best):
        return 0  # he took it
    value = VALUE[mode]
    if f.pos == 1 and value[card] == 10 and card // 9 == f.led != mode:
        return 0  # a ten given second to its suit, whatever he held (SECOND_TEN)
    lacked = _winners_lacked(f, mode, last)
    trumps, honours = _side_cards(mode)
    side = FULL & ~trumps
    left = ~f.before
    if not trumps >> card & 1:
        power = POWER[mode]
        suits = (SUIT_MASK[f.led] if card // 9 == f.led else side) & side & left
        vc, pc = value[card], power[card]
        lacked |= sum(1 << c for c in bit_list(suits)
                      if value[c] < 10 and (value[c], power[c]) < (vc, pc))
    elif not honours >> card & 1:
        # an under-trump thrown away: no card of the suit led worth less than 10, which he
        # would have given first (KEEP_TRUMPS); of the other suits nothing is known, as they
        # were not his to play if he could follow
        lacked |= sum(1 << c for c in bit_list(SUIT_MASK[f.led] & side & left)
                      if value[c] < 10)
    return lacked


def _winners_lacked(f: Follow, mode: int, last: bool) -> int:
    """The cards that would have taken the trick he did not take: last, any card of the suit
    led that beats it, or a trump for points (the Buur and the Nell only for 10:
    SPARE_HONOURS); earlier the best card still out of the suit led, or a trump for 10
    points or more (any winner for 20)."""
    power = POWER[mode]
    pb = power[f.best]
    left = ~f.before
    trumps, honours = _side_cards(mode)
    plain = f.led != mode and pb < 100  # a card of the suit led can still win
    above = _stronger(SUIT_MASK[f.led] & left, power, pb) if plain else 0
    ruff = _stronger(trumps & left, power, pb)
    if last:
        return above | (ruff if f.points >= 10 else ruff & ~honours if f.points >= 4 else 0)
    lacked = 1 << _strongest(above, power) if above else 0
    if f.points >= 20:
        lacked |= above | ruff
    elif f.points >= 10:
        lacked |= ruff & ~honours
    return lacked


def play_misses(hands: list[int], facts: list[tuple[int, int]]) -> int:
    """How many of the play facts a sample breaks."""
    return sum(1 for seat, lacked in facts if hands[seat] & lacked)


_RUN_STARTS = sum(((1 << 7) - 1) << (9 * s) for s in range(4))
_FOURS = [sum(1 << (s * 9 + r) for s in range(4)) for r in (3, 4, 5, 6, 7, 8)]


def has_weis(hand: int) -> bool:
    """Whether a hand holds any Weis (a run of three or four of a kind), quickly."""
    if hand & (hand >> 1) & (hand >> 2) & _RUN_STARTS:
        return True
    return any(hand & f == f for f in _FOURS)


def weis_agree(hands: list[int], seen: JassSeen, me: int, rules: Rules[Any]) -> bool:
    """Whether the sampled hands' Weis match the announcements made so far (soft check)."""
    if seen.mode < 0 or not rules.options.weis:
        return True
    big = rules.options.big_sequences
    for s in range(4):
        if s == me or not seen.played[s]:
            continue
        said = seen.announced.get(s, 0)
        if not said:
            if has_weis(hands[s]):
                return False
        elif sum(w.value for w in find_weis_memo(
                hands[s], seen.mode, big,
                nine_sequence=getattr(rules.options, "nine_sequence", 100),
                low_fours=getattr(rules.options, "low_fours", 0),
                share=getattr(rules.options, "weis_share", False))) != said:
            return False
    return True


__all__ = ["bock_leads", "has_weis", "lead_misses", "play_facts", "play_misses", "weis_agree"]
