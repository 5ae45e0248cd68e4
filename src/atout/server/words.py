"""The sentences of a frame, in the recipient's language (protocol 1.1, ``hello``'s ``lang``).

A client that says hello with a ``lang`` gets, on every snapshot and update, a ``words``
object built here from the very view and events that the frame carries (already filtered for
that recipient): the console's sentences for the events (:mod:`atout.i18n.text`), the names
of the cards it may see, its legal actions in words, the answers of the console's information
keys, and the game's action keys. Nothing here sees more than the frame: no hidden card can
get into the words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from atout.core import JSON, Event, Rules, View
from atout.events import MatchEvent
from atout.i18n import LANGUAGES, translator
from atout.i18n.hints import hint_sentence
from atout.i18n.text import NAMES, GameText, bot_words, game_text

ANSWER_KEYS = ("c", "f", "a", "s", "t", "l", "w", "m", "k", "p", "o")
"""The information keys answered in ``words.answers`` (the console's letters)."""
ACTION_KEYS = ("a", "h", "g")
"""The keys that select legal actions in some games (``words.keys``)."""




def seat_names(info: Mapping[str, Any]) -> list[str]:
    """The name of each seat: the person's, or the console's name for a computer player."""
    names = []
    for s in info.get("seats") or []:
        seat = int(s["seat"])
        names.append(str(s["name"]) if s.get("name") else NAMES[seat % len(NAMES)])
    return names


def text_for(info: Mapping[str, Any], seat: int | None, lang: str) -> GameText:
    """The game's renderer for ``seat`` (None: a spectator) in ``lang``, told the table's
    deal limit (``info["deals"]``)."""
    names = seat_names(info)
    text = game_text(str(info["game"]), translator(lang if lang in LANGUAGES else "en"),
                     -1 if seat is None else seat, len(names), names)
    deals = info.get("deals")
    text.deal_limit = deals if isinstance(deals, int) and not isinstance(deals, bool) \
        else None
    return text


def _waiting_turn(text: GameText, info: Mapping[str, Any]) -> str:
    """Whose turn, before the start: nobody's; the seats still empty, counted from 1."""
    tr = text.tr
    empty = [int(s["seat"]) + 1 for s in info.get("seats") or []
             if not s.get("name") and not s.get("bot")]
    said = tr._("The game has not started yet.")
    if empty:
        said += " " + tr.ngettext("Seat {seats} is empty.", "Seats {seats} are empty.",
                                  len(empty)).format(seats=tr.join([str(s) for s in empty]))
    return said


def _final_scores(text: GameText, info: Mapping[str, Any]) -> str | None:
    """The game's final scores once the table is over (``info["result"]``), else None."""
    result = info.get("result")
    if info.get("status") != "over" or not isinstance(result, Mapping):
        return None
    return _safe(text.final_scores, result.get("scores")) or None


def _safe(make: Callable[..., str], *args: Any) -> str:
    try:
        return make(*args)
    except Exception:  # a sentence must never take a frame down: the view says the rest
        return ""


def card_words(text: GameText, code: str) -> str:
    """A card's full name without article, with a capital: "Ace of hearts"."""
    return text.tr.sentence(text.tr.card(code, article=False))


def hand_words(text: GameText, view: View) -> list[dict[str, JSON]]:
    """The hand, suit by suit in the game's order: each group's name and its cards."""
    groups: list[dict[str, JSON]] = []
    for key, cards in text.hand_groups(view.hand):
        name = _safe(text.group_name, key, view) if key else \
            text.tr._("Other cards")
        groups.append({"suit": key, "name": text.tr.sentence(name or key), "cards": [
            {"code": c, "name": card_words(text, c)} for c in cards]})
    return groups


def card_of(action: str, hand: Sequence[str]) -> str | None:
    """The card of the hand an action plays or names (``AH``, ``discard AH``), or None."""
    if action in hand:
        return action
    last = action.rsplit(" ", 1)[-1]
    return last if " " in action and last in hand else None


def update_lines(text: GameText, frame: Mapping[str, Any], view: View) -> list[str]:
    """What an update says, one sentence each: its events, or the change of the table."""
    lines = [said for data in frame.get("events") or []
             if (said := text.event(Event.from_dict(data), view))]
    kind = frame.get("kind")
    say = UPDATE_LINES.get(kind) if isinstance(kind, str) else None
    if say is not None:
        lines.append(say(text, frame))
    return [line for line in lines if line]


def _seat_line(text: GameText, frame: Mapping[str, Any]) -> str:
    """A seat changed: who sits there now, that it is free, or that its player is away."""
    seat = frame.get("seat")
    if not isinstance(seat, int):
        return ""
    tr = text.tr
    info = frame.get("info") or {}
    s = info["seats"][seat]
    who = s.get("name") or (tr._("{name}, computer player ({bot})").format(
        name=text.names[seat], bot=bot_words(tr, str(s["bot"]))) if s.get("bot") else None)
    if who is None:
        return tr._("Seat {seat} is free.").format(seat=seat + 1)
    if s.get("name") and not s.get("connected") and info.get("status") == "playing":
        return tr._("{player} lost the connection; the seat is kept.").format(player=who)
    return tr._("{player} sits at seat {seat}.").format(player=who, seat=seat + 1)


def _host_line(text: GameText, frame: Mapping[str, Any]) -> str:
    """The host left before the start: another player is the host now."""
    seat = frame.get("seat")
    if not isinstance(seat, int):
        return ""
    if seat == text.me:
        return text.tr._("You are the table's host now: you may add computer players and "
                         "start the game.")
    return text.tr._("{player} is the table's host now.").format(player=text.Name(seat))


def _standin_line(text: GameText, frame: Mapping[str, Any]) -> str:
    """A computer player stands in for a player who is away."""
    seat = frame.get("seat")
    if not isinstance(seat, int):
        return ""
    return text.tr._("A computer player plays for {player} until they come back.").format(
        player=text.name(seat))


def _start_line(text: GameText, frame: Mapping[str, Any]) -> str:
    """The game starts."""
    return text.tr._("The game starts.")


def _chat_line(text: GameText, frame: Mapping[str, Any]) -> str:
    """A chat line: who says what."""
    line = frame.get("chat") or {}
    return text.tr._("{name} says: {text}").format(name=line.get("name"),
                                                  text=line.get("text"))


def _end_line(text: GameText, frame: Mapping[str, Any]) -> str:
    """The game is over: the result, unless an event of the frame already said it."""
    if any(e.get("kind") == MatchEvent.GAME_OVER for e in frame.get("events") or []):
        return ""
    return _safe(text.game_over_sentence, frame.get("result") or {})


def _rematch_line(text: GameText, frame: Mapping[str, Any]) -> str:
    """A rematch is open at another table."""
    return text.tr._("A rematch is open at table {table}.").format(table=frame.get("next"))


UPDATE_LINES: dict[str, Callable[[GameText, Mapping[str, Any]], str]] = {
    "seat": _seat_line,
    "standin": _standin_line,
    "host": _host_line,
    "start": _start_line,
    "chat": _chat_line,
    "end": _end_line,
    "rematch": _rematch_line,
}
"""The sentence of an update of each kind that is not (only) events, by the frame's kind."""


def history_words(text: GameText, view: View) -> list[str]:
    """The deal so far, one line per action; a hidden action is said as hidden."""
    tr = text.tr
    out = []
    for seat, action in view.history:
        if action is None:
            out.append(tr._("{player}: a hidden action.").format(player=text.Name(seat)))
        else:
            out.append(tr._("{player}: {action}.").format(
                player=text.Name(seat), action=_safe(text.action_by, seat, str(action))))
    return out


def words(frame: Mapping[str, Any], lang: str) -> dict[str, JSON]:
    """The ``words`` of a snapshot or update frame for its recipient, in ``lang``."""
    info = frame["info"]
    seat = frame.get("view", {}).get("seat")
    seat = seat if isinstance(seat, int) else None
    text = text_for(info, seat, lang)
    view = View.from_dict(frame["view"])
    tr = text.tr
    mine = view.to_move == text.me and bool(view.legal) and info.get("status") == "playing"
    answers_from: dict[str, Callable[[View], str]] = {
        "c": text.table, "f": text.led, "a": text.trump, "s": text.scores, "t": text.turn,
        "l": text.last_trick, "w": text.legal, "m": text.hand, "k": text.count,
        "p": text.tally}
    answers: dict[str, JSON] = {k: _safe(f, view) for k, f in answers_from.items()}
    if info.get("status") == "waiting":
        answers["t"] = _waiting_turn(text, info)
    elif info.get("status") == "over":
        answers["t"] = tr._("Nobody is to play: the game is over.")
    final = _final_scores(text, info)
    if final is not None:
        answers["s"] = final
    answers["o"] = " ".join(x for x in (answers["a"], answers["c"], answers["t"],
                                        answers["s"]) if x)
    keys: dict[str, JSON] = {k: list(text.key_action(k, view)) for k in ACTION_KEYS} \
        if mine else {}
    out: dict[str, JSON] = {
        "lang": tr.lang,
        "title": text.title(str(info["game"]), str(info.get("title") or "")),
        "names": list(seat_names(info)),
        "seats": [text.Name(s) for s in range(view.seats)],
        "hand": hand_words(text, view) if view.hand else [],
        "table": [{"seat": s, "player": text.Name(s),
                   "card": _safe(text.table_card, c) or c}
                  for s, c in view.table],
        "legal": [{"action": a, "words": tr.sentence(_safe(text.action, a) or a),
                   "card": card_of(a, view.hand)} for a in view.legal] if mine else [],
        "prompt": _safe(text.prompt, view) if mine else "",
        "turn": answers["t"],
        "answers": answers,
        "keys": keys,
        "history": list(history_words(text, view)),
    }
    if frame.get("type") == "update":
        out["lines"] = list(update_lines(text, frame, view))
    return out


def hint_words(rules: Rules[Any], frame: Mapping[str, Any], seed: int,
               lang: str) -> tuple[str, str]:
    """What the search player (else the heuristic one) would do from the frame's view, and
    why, in ``lang``: the action and the sentence, as the console's I key says them."""
    from atout.bots import bot_names
    from atout.bots.hint import hint

    view = View.from_dict(frame["view"])
    text = text_for(frame["info"], view.seat, lang)
    tr = text.tr
    source = "search" if "search" in bot_names() else "heuristic"
    advice = hint(rules, view, source, seed)
    choice = advice.action.text
    reason = advice.reason
    said = hint_sentence(tr, text.action(choice),
                         (reason.code, reason.params) if reason is not None else None,
                         advice.margin, advice.worth)
    return choice, said


def with_words(frame: dict[str, JSON], lang: str) -> dict[str, JSON]:
    """``frame`` with its ``words`` in ``lang`` when it is a snapshot or an update (a new
    dict; other frames as they are)."""
    if frame.get("type") not in ("table", "update") or "words" in frame:
        return frame
    try:
        said = words(frame, lang)
    except Exception:  # words are a help: a frame is never lost for them
        return frame
    return {**frame, "words": said}


def error_words(code: str, params: Mapping[str, Any], lang: str) -> str | None:
    """A table's refusal (its code and facts) in ``lang``, or None when it has no words of
    its own here (the page then says the code's label or the English message)."""
    tr = translator(lang if lang in LANGUAGES else "en")
    seats = params.get("seats")
    if code == "seats_empty" and isinstance(seats, list) and seats:
        numbers = [str(int(s) + 1) for s in seats]
        return tr.ngettext("Every seat needs a player or a computer player: seat {seats} is "
                           "empty.", "Every seat needs a player or a computer player: seats "
                           "{seats} are empty.", len(numbers)).format(
            seats=tr.join(numbers))
    return None


def refusal_words(frame: Mapping[str, Any], action: str, exc: Any, lang: str) -> str | None:
    """Why ``action`` was refused (``exc``, a table's error), in ``lang``, as the console
    says it; None when the refusal is not the engine's."""
    if getattr(exc, "code", None) != "illegal":
        return None
    code, params = exc.refusal or ("", {})
    seat = frame.get("view", {}).get("seat")
    text = text_for(frame["info"], seat if isinstance(seat, int) else None, lang)
    return _safe(text.refusal, View.from_dict(frame["view"]), action, str(exc), code,
                 params) or None


__all__ = ["ACTION_KEYS", "ANSWER_KEYS", "card_of", "card_words", "error_words", "hand_words",
           "hint_words", "history_words", "refusal_words", "seat_names", "text_for",
           "update_lines", "with_words", "words"]
