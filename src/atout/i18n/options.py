"""The games' options in words, for the menus: a short label and the values in the player's
language.

Every option of every game has a translated label here; an option a game adds later still
gets a clean label made from its name, and an unknown value is said as it is written, with
its dashes as spaces.
"""

from __future__ import annotations

from collections.abc import Mapping

from atout.games import game_info
from atout.i18n import Translator


def option_label(tr: Translator, game: str, name: str) -> str:
    """A short label for option ``name`` of ``game``: "Playing direction", « Sens du jeu »."""
    _ = tr._
    own: dict[tuple[str, str], str] = {
        ("putze", "target"): _("Putzes that win the game"),
        ("putze", "weis"): _("Announcements (Weis) count"),
        ("pitch", "target"): _("Points that win the game"),
        ("jass", "target"): _("Points that win the game"),
        ("knock-rummy", "target"): _("Total that ends the game (0: none)"),
        ("tarot", "players"): _("Number of players"),
    }
    if (game, name) in own:
        return own[(game, name)]
    labels = {
        # shared
        "players": _("Number of players"),
        "direction": _("Playing direction"),
        "weis": _("Announcements (Weis)"),
        "big_sequences": _("Long runs score more (150 to 300)"),
        "stoeck": _("Stöck: trump king and queen score 20"),
        "under_trump": _("Under-trumping with nothing but trumps"),
        "buur_free": _("Nobody is forced to play the Buur"),
        # jass
        "obenabe": _("Obenabe may be chosen"),
        "undenufe": _("Undenufe may be chosen"),
        "weis_tie": _("Weis of equal strength"),
        "nine_sequence": _("A run of all nine cards scores"),
        "low_fours": _("Four sixes, sevens or eights score"),
        "weis_share": _("A card may count in a four and in a run"),
        "match_bonus": _("Bonus of 100 for every trick"),
        "multipliers": _("Points multiplied by the trump"),
        "counting_order": _("What counts first"),
        "coiffeur": _("Coiffeur: each team plays every trump mode once"),
        "coiffeur_multipliers": _("Multipliers of the Coiffeur's rows"),
        # putze
        "base": _("Rule text"),
        "talon": _("Cards beside the hands"),
        "dealer_sits_out": _("At 5 players the dealer sits out"),
        "six_exchange": _("Exchange of the trump six"),
        "may_pass": _("A player may pass the deal"),
        "putzes": _("Putzes in play per deal (0: as the rule text)"),
        "pomme_bonus": _("Putzes the pommes cannot take"),
        "pomme_below": _("Pomme below this many points"),
        "tie_overflow": _("Too many players tied at the top"),
        "all_under": _("Everybody under the pomme limit"),
        "weis_scoring": _("Which announcements count"),
        "loser_first": _("The worst player speaks first"),
        "nobody_plays": _("When nobody plays, the next deal is dealt by"),
        "losing_limit": _("The game also ends below this score (0: as the rule text)"),
        "play_on": _("Play on for the places"),
        # tarot
        "packet": _("Cards per packet at 3 players"),
        "petit_sec": _("Petit sec"),
        "chelem_announce": _("The taker may announce a chelem"),
        "poignees": _("Poignées may be shown"),
        "call_self": _("At 5 players the taker may call his own king"),
        "rounding": _("Half points of the difference"),
        "taker_sees_ecart": _("The taker sees his écart during play"),
        "called_suit_lead": _("Leading the called suit on the first trick"),
        "excuse_last": _("The excuse on the last trick"),
        "misere": _("Club misères (no trump or no head), points each"),
        # pitch
        "partnership": _("Teams of two, partners opposite"),
        "min_bid": _("Lowest bid"),
        "all_pass": _("When all others pass"),
        "dealer_steal": _("The dealer may steal by equalling the high bid"),
        "steal_four": _("The dealer may steal a bid of 4"),
        "tangage": _("Tangage: a card played in the auction bids 4"),
        "low": _("Low goes to"),
        "win": _("Who wins the game"),
        "max_hands": _("Hand limit (0: none)"),
        "smudge": _("All four points in one hand win the game"),
        # knock rummy
        "hand_size": _("Cards in each hand (0: by the number of players)"),
        "discard_taken": _("A card taken from the discard may be discarded again"),
        "stock_out": _("When the stock runs out"),
        "restock_limit": _("Stock rebuilds before the deal is void (0: no limit)"),
        "lay_off": _("Others may lay off on the knocker's melds"),
        "knocker_discards": _("The knocker discards before laying down"),
        "knock_limit": _("Most deadwood to knock (0: any)"),
        "knock_penalty": _("Penalty of a knocker who is not lowest"),
        "penalty_to": _("The knocker's penalty goes to"),
        "rum_bonus": _("Bonus for knocking with no deadwood"),
        "tie_fine": _("A knocker tied for the least pays the penalty"),
        "tie": _("A tie for the least deadwood"),
        "deals": _("Number of deals (0: no fixed number)"),
    }
    return labels.get(name) or tr.sentence(name.replace("_", " "))


def option_value(tr: Translator, value: object) -> str:
    """An option's value in words: yes and no, the named choices translated."""
    _ = tr._
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if not isinstance(value, str):
        return str(value)
    words = {
        "counterclockwise": _("counter-clockwise"), "clockwise": _("clockwise"),
        "first": _("the first"), "both": _("both"), "off": _("off"),
        "spades-double": _("spades double"),
        "suits-1-2-nt-3": _("suits 1 or 2, no trump 3"),
        "swiss-german": _("Swiss-German"),
        "stoeck-weis-tricks": _("Stöck, Weis, then tricks"),
        "stoeck-tricks-weis": _("Stöck, tricks, then Weis"),
        "regle-27": _("rules 27"), "jass-txt": _("jass.txt"), "auto": _("as the rule text"),
        "none": _("none"), "blind": _("the blind"), "better-cards": _("the better cards"),
        "spare-card": _("a spare card"), "to-best": _("to the best player"),
        "jass-txt-5": _("jass.txt at 5 players"), "nobody": _("nobody"), "all": _("all"),
        "pomme": _("all pomme"), "nothing": _("nothing marked"),
        "best": _("only the best"), "each": _("each"),
        "next-dealer": _("the next dealer"), "same-dealer": _("the same dealer"),
        "annul": _("the deal is void"), "play": _("the deal is played"),
        "winner": _("to the winner"), "half": _("kept"),
        "dealer-bids": _("the dealer must bid"), "redeal": _("deal again"),
        "dealt": _("the player dealt it"), "won": _("the player who wins it"),
        "pitcher": _("the pitcher at the end of his hand"),
        "bid-made": _("the pitcher who makes his bid"),
        "swiss": _("allowed (Swiss rule)"), "strict": _("only with lower trumps (strict)"),
        "king-only": _("only with the called card"), "free": _("free"),
        "shuffle": _("shuffle the discard pile"), "turn": _("turn the discard pile over"),
        "showdown": _("showdown"), "void": _("the deal is void"),
        "split": _("split"), "next": _("the next in turn"),
        "chelem": _("wins after a chelem of its side"),
        "taker-grand-petit": _("wins for the taker after a grand or petit chelem"),
        "bid-four": _("on a bid of 4"), "any": _("for any player"),
        "jassreglement": _("Jassreglement (spades 1 to Undenufe 6)"),
        "flat": _("every row counts once"),
    }
    return words.get(value) or value.replace("-", " ")


def bot_label(tr: Translator, name: str) -> str:
    """A computer player's name in words (« heuristique », « recherche », « au hasard »);
    parameters (``search:playouts=300``) are kept after the name."""
    base, sep, params = name.partition(":")
    words = {"heuristic": tr._("heuristic (rules of thumb)"),
             "search": tr._("search (the strongest, slower)"),
             "random": tr._("random")}
    said = words.get(base, base)
    return f"{said} ({params.replace(':', ', ')})" if sep else said


def option_error(tr: Translator, game: str, options: Mapping[str, object]) -> str | None:
    """What is wrong with ``options`` for ``game``, in the player's language: an unknown
    preset or option, or a value the option does not accept; None when nothing of the kind
    is (a combination the rules refuse is left to them)."""
    _ = tr._
    info = game_info(game)
    if info is None:
        return None
    known = {o.name: o for o in info.options}
    preset = options.get("preset")
    if preset is not None and preset not in info.presets:
        return _("Unknown preset {preset} for {game}: the presets are {presets}.").format(
            preset=preset, game=game, presets=", ".join(info.presets) or _("none"))
    for name, value in options.items():
        if name == "preset":
            continue
        o = known.get(name)
        if o is None:
            return _("Unknown option {option} for {game}: the options are {options}.").format(
                option=name, game=game, options=", ".join(sorted(known)))
        label = option_label(tr, game, name)
        if o.choices is not None and value not in o.choices:
            return _("{label} ({option}) cannot be {value}: the accepted values are "
                     "{values}.").format(label=label, option=name, value=value,
                                         values=", ".join(str(c) for c in o.choices))
        if o.choices is None and type(value) is not type(o.default):
            like = str(o.default).lower() if isinstance(o.default, bool) else o.default
            return _("{label} ({option}) cannot be {value}: it takes a value like "
                     "{default}.").format(label=label, option=name, value=value, default=like)
    return None


__all__ = ["bot_label", "option_error", "option_label", "option_value"]
