"""The words of the drawn table (seat marks, piles, the score sheet, the settings of the
cards) and each game's rules (the console's R key: ``atout/i18n/rules/*.txt``) and short
"how to play" for a first game, keyed as the page's script uses them.

>>> from atout.i18n import translator
>>> felt_words(translator("fr"))["sheetbtn"]
'Feuille de marque'
"""

from __future__ import annotations

from atout.i18n import Translator
from atout.i18n.text import rules_text

GAMES = ("jass", "putze", "tarot", "pitch", "knock-rummy")


def _howto(tr: Translator) -> dict[str, str]:
    _ = tr._
    return {
        "jass": _("You play with the partner facing you against the two others. When it is "
                  "your turn to choose, pick the trump (or push to your partner). Play one "
                  "card to each trick: follow the suit led if you can, or trump. The raised "
                  "cards are the ones you may play; tap one (or choose it with the arrows and "
                  "press Enter). Announce your Weis with your first card. Count your team's "
                  "points on the score sheet."),
        "putze": _("Each player plays for himself. The turned card gives the trump. Say "
                   "whether you play the deal or pass; a player who plays and takes no trick "
                   "gets a Putze. Follow the suit led if you can. The raised cards are the "
                   "ones you may play: tap one, or choose it with the arrows and Enter."),
        "tarot": _("Bid in turn (prise, garde, garde sans, garde contre) or pass. The taker "
                   "plays against all the others (at five, with the partner who holds the "
                   "king called). Follow the suit led; without it you must trump, higher "
                   "than the trumps on the table if you can. The excuse may be played at any "
                   "time. The raised cards are the ones you may play."),
        "pitch": _("Bid how many of High, Low, Jack and Game you will take, or pass. The "
                   "highest bidder pitches: the first card led sets the trump. Follow the "
                   "suit led or trump. Each hand scores High, Low, Jack and Game; the score "
                   "sheet shows who took each. The raised cards are the ones you may play."),
        "knock-rummy": _("Draw a card, from the stock or the discard pile, then discard "
                         "one. Make runs (three or more in a suit) and sets (three or four "
                         "of a kind). When your unmatched cards count little, knock: the "
                         "lowest count wins the deal. Tap a card to discard it."),
    }


def felt_words(tr: Translator) -> dict[str, str]:
    """The drawn table's words in ``tr``'s language, with ``rules_<game>`` and
    ``howto_<game>`` for each game."""
    _ = tr._
    out = {
        "deck": _("Cards of the Jass games"),
        "deck_french": _("French suits"),
        "deck_swiss": _("Swiss-German suits (Rosen, Schellen, Schilten, Eicheln)"),
        "confirm": _("Tap a card twice to play it (a first tap only raises it)"),
        "hintbtn": _("Hint (I)"),
        "lastbtn": _("Last trick again"),
        "sheetbtn": _("Score sheet"),
        "rulesbtn": _("Rules"),
        "howtobtn": _("How to play"),
        "sheet": _("Score sheet"),
        "rules": _("The rules"),
        "close": _("Close"),
        "yourturn": _("your turn"),
        "pair": _("{name}: {value}"),
        "mark_dealer": _("dealer"),
        "mark_taker": _("taker"),
        "mark_partner": _("partner"),
        "mark_pitcher": _("pitcher"),
        "mark_trump": _("chose trump"),
        "mark_knocker": _("knocked"),
        "mark_trumpcard": _("trump card"),
        "mark_bot": _("computer player"),
        "mark_person": _("person"),
        "stock": _("Stock"),
        "discardpile": _("Discard pile"),
        "calledking": _("King called"),
        "chien": _("Chien"),
        "ecart": _("Écart"),
        "trumpcard": _("Trump card"),
        "blind": _("The blind"),
        "dealscored": _("Deal {deal} scored"),
        "sheet_made": _("{name} made {contract}"),
        "sheet_lost": _("{name} lost {contract}"),
        "sheet_high": _("High"),
        "sheet_low": _("Low"),
        "sheet_jack": _("Jack"),
        "sheet_game": _("Game"),
        "sheet_weis": _("Weis"),
        "sheet_stoeck": _("Stöck"),
        "sheet_deadwood": _("deadwood"),
        "sheet_caption": _("Deal {deal} in play"),
        "sheet_target": _("target {target}"),
        "sheet_deals": _("{count} deals"),
        "sheet_deal": _("Deal"),
        "sheet_taker": _("Taker"),
        "sheet_bid": _("Bid"),
        "sheet_total": _("Total"),
        "sheet_trump": _("Trump"),
        "sheet_partial": _("The deals played before this page joined the table are in the "
                           "totals only."),
    }
    for game, text in _howto(tr).items():
        out[f"howto_{game}"] = text
    for game in GAMES:
        out[f"rules_{game}"] = rules_text(game, tr.lang) or rules_text(game, "en") or ""
    return out


__all__ = ["felt_words"]
