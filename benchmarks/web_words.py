"""What protocol 1.1's words cost the server: milliseconds to build the ``words`` of one
frame for one client, per game (``python benchmarks/web_words.py [--frames N]``).

Only clients that ask for words (the web page) pay it, once per frame they receive; clients
of protocol 1.0 pay nothing.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import atout
from atout.server.words import words

GAMES = ("jass", "putze", "tarot", "pitch", "knock-rummy")


def frame_of(game: str, moves: int = 6) -> dict[str, Any]:
    """An update frame a few moves into a game, as the server would send it to the seat to
    move."""
    rules = atout.make(game)
    match = rules.match(seed=3)
    for _ in range(moves):
        seat = match.to_move
        assert seat is not None
        match.play(match.view(seat).legal[0])
    seat = match.to_move
    assert seat is not None
    info = {"game": game, "title": rules.title, "status": "playing", "seats": [
        {"seat": s, "name": None, "bot": "heuristic", "connected": False}
        for s in range(rules.seats)]}
    return {"type": "update", "info": info, "view": match.view(seat).to_dict(),
            "events": [], "kind": "action"}


def main() -> None:
    """Time the words of one frame of each game, in French."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=500)
    args = parser.parse_args()
    for game in GAMES:
        frame = frame_of(game)
        words(frame, "fr")
        start = time.perf_counter()
        for _ in range(args.frames):
            words(frame, "fr")
        took = (time.perf_counter() - start) / args.frames * 1000
        print(f"{game:12} {took:.2f} ms per frame")


if __name__ == "__main__":
    main()
