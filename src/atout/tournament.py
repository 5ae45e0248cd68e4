"""Tournaments between bots in the duplicate format: luck cancels, skill shows.

Every deal (a *board*) is played once per seat rotation with the same cards: in a team game
(Jass) the two sides swap seats; with individual players every cyclic rotation of the seats is
played. A bot's score on a board is its mean points per deal over the seats it held, so the
cards it was dealt count for and against it equally.

The seed of board ``i`` and the seeds of its bots come from the tournament seed and ``i``
alone, so a tournament gives the same results whether it runs in one process, on all local
cores, or on a Ray cluster.

>>> from atout.tournament import Tournament, run
>>> t = Tournament("jass", bots=("heuristic", "random"), deals=2, seed=1)
>>> res = run(t, workers=1)
>>> len(res.boards)
2
"""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import atout
from atout.bots import player_bot
from atout.bots.policy import Player, player_name
from atout.bots.ready import kernels_ready, searches
from atout.core import JSON, deal_seed

ProgressFn = Callable[[int], None]
"""Called with the number of boards just finished."""


@dataclass(frozen=True)
class Tournament:
    """What to play: the game and its options, the bots, the number of boards (distinct
    deals, each played in every rotation) and the seed.

    A bot is any player (:mod:`atout.bots.policy`): a name with parameters
    (``"search:playouts=300"``), a ``module:attribute`` spec or entry-point name of a policy,
    a policy object or a Bot subclass; objects must pickle to run in worker processes."""

    game: str
    bots: tuple[Player, ...]
    deals: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.bots) < 2:
            raise ValueError(f"a tournament needs at least two bots, not {len(self.bots)}")
        if self.deals < 1:
            raise ValueError(f"deals must be at least 1, not {self.deals}")

    def rules(self) -> atout.Rules[Any]:
        """The game's rules with the tournament's options."""
        return atout.make(self.game, **self.options)

    @property
    def names(self) -> tuple[str, ...]:
        """The bots' names for reports (a spec itself, or an object's name)."""
        return tuple(player_name(b) for b in self.bots)


@dataclass(frozen=True)
class Board:
    """One deal played in every rotation: who sat where, the points, the thinking time."""

    index: int
    seed: int
    lineups: tuple[tuple[int, ...], ...]
    """For each rotation, the bot index at each seat."""
    points: tuple[tuple[float, ...], ...]
    """For each rotation, the points of each seat."""
    decisions: tuple[int, ...]
    """Decisions taken by each bot over the board."""
    seconds: tuple[float, ...]
    """Thinking time of each bot over the board."""

    def bot_points(self, nbots: int) -> list[float]:
        """Each bot's mean points per deal on this board, over the seats it held."""
        sums = [0.0] * nbots
        counts = [0] * nbots
        for lineup, pts in zip(self.lineups, self.points, strict=True):
            for seat, b in enumerate(lineup):
                sums[b] += pts[seat]
                counts[b] += 1
        return [sums[b] / counts[b] if counts[b] else math.nan for b in range(nbots)]


def seat_lineups(rules: atout.Rules[Any], nbots: int) -> list[tuple[int, ...]]:
    """The rotations of a board: for each, the bot index at each seat.

    A game whose view names fixed ``teams`` seats one bot per team and rotates the teams;
    otherwise seat ``i`` holds bot ``i % nbots`` and every cyclic rotation is played.
    """
    n = rules.seats
    teams = rules.deal(seed=0).view(0).info.get("teams")
    if isinstance(teams, list) and teams and all(isinstance(t, list) for t in teams):
        team_of = [0] * n
        for t, members in enumerate(teams):
            for s in members:
                team_of[int(s)] = t
        k = len(teams)
        if nbots > k:
            raise ValueError(f"{rules.name} is played by {k} teams: give at most {k} bots, "
                             f"not {nbots}")
        return [tuple((team_of[s] + r) % k % nbots for s in range(n)) for r in range(k)]
    if nbots > n:
        raise ValueError(f"{rules.name} has {n} seats here: give at most {n} bots, not {nbots}")
    base = [s % nbots for s in range(n)]
    return [tuple(base[(s + r) % n] for s in range(n)) for r in range(n)]


def play_board(t: Tournament, index: int) -> Board:
    """Play board ``index`` of tournament ``t`` in every rotation."""
    rules = t.rules()
    nbots = len(t.bots)
    seed = deal_seed(t.seed, index)
    lineups = seat_lineups(rules, nbots)
    points = []
    decisions = [0] * nbots
    seconds = [0.0] * nbots
    for r, lineup in enumerate(lineups):
        bot_seed = deal_seed(seed, r)
        players = [player_bot(t.bots[b], rules, s, bot_seed) for s, b in enumerate(lineup)]
        deal = rules.deal(seed=seed, dealer=index % rules.seats)
        while True:
            seat = deal.to_move
            if seat is None:
                break
            b = lineup[seat]
            start = time.perf_counter()
            action = players[seat].choose(deal.view(seat))
            seconds[b] += time.perf_counter() - start
            decisions[b] += 1
            deal.play(action)
        points.append(tuple(float(p) for p in deal.result.points))
    return Board(index, seed, tuple(lineups), tuple(points), tuple(decisions), tuple(seconds))


def _play_chunk(t: Tournament, indices: Sequence[int]) -> list[Board]:
    if searches(t.bots):  # the same results for the same seed, whenever the kernels load
        kernels_ready(t.game)
    return [play_board(t, i) for i in indices]


def _chunks(n: int, size: int) -> list[list[int]]:
    return [list(range(i, min(n, i + size))) for i in range(0, n, size)]


def run(t: Tournament, workers: int | None = None, progress: ProgressFn | None = None,
        ray_address: str | None = None, chunk: int = 1) -> TournamentResult:
    """Play the tournament: in this process (``workers=1``), on local cores (default: all),
    or on Ray (``ray_address``: ``"local"`` starts a local instance, else an address such as
    ``"auto"`` or ``"ray://host:10001"``). The results are the same for the same seed.

    ``progress`` is called with the number of boards done each time a task ends; tasks are
    ``chunk`` boards (one by default, so that a progress bar moves from the first board and
    its time estimate rests on boards, not on batches)."""
    t.rules()  # fail early on bad options
    for name in t.bots:  # and on unknown bots
        player_bot(name, t.rules(), 0, 0)
    chunks = _chunks(t.deals, max(1, chunk))
    boards: list[Board] = []
    n = workers if workers is not None else (os.cpu_count() or 1)
    if ray_address is not None or (n > 1 and len(chunks) > 1):
        _check_pickles(t)
    if ray_address is not None:
        boards = _run_ray(t, chunks, ray_address, progress)
    else:
        if n <= 1 or len(chunks) == 1:
            for c in chunks:
                got = _play_chunk(t, c)
                boards += got
                if progress:
                    progress(len(got))
        else:
            import multiprocessing

            ctx = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
            with ctx.Pool(min(n, len(chunks))) as pool:
                for got in pool.imap_unordered(_chunk_star, [(t, c) for c in chunks]):
                    boards += got
                    if progress:
                        progress(len(got))
    boards.sort(key=lambda b: b.index)
    return TournamentResult(t, tuple(boards))


def _check_pickles(t: Tournament) -> None:
    """``ValueError`` in words when a player object cannot go to a worker process."""
    import pickle

    for bot in t.bots:
        if isinstance(bot, str):
            continue
        try:
            pickle.dumps(bot)
        except Exception as exc:  # pickling raises several kinds
            raise ValueError(f"bot {player_name(bot)} cannot be sent to worker processes "
                             f"({type(exc).__name__}: {exc}): define it at a module's top "
                             "level, or give workers=1") from None


def _chunk_star(args: tuple[Tournament, list[int]]) -> list[Board]:
    return _play_chunk(*args)


def _run_ray(t: Tournament, chunks: list[list[int]], address: str,
             progress: ProgressFn | None) -> list[Board]:
    try:
        import ray
    except ModuleNotFoundError:
        raise RuntimeError("--ray needs the ray package: pip install 'atout[ray]'") from None
    started = False
    if not ray.is_initialized():
        if address == "local":
            ray.init(include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(_play_chunk)
        pending = [remote.remote(t, c) for c in chunks]
        boards: list[Board] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                got = ray.get(ref)
                boards += got
                if progress:
                    progress(len(got))
        return boards
    finally:
        if started:
            ray.shutdown()


# --- statistics ---------------------------------------------------------------------------

Z95 = 1.959963984540054


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, math.inf
    return m, Z95 * statistics.stdev(values) / math.sqrt(len(values))


def bradley_terry(wins: Sequence[Sequence[float]], iterations: int = 200) -> list[float]:
    """Elo ratings (mean 1500) fitted to pairwise scores ``wins[i][j]`` (i over j)."""
    k = len(wins)
    strength = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            w = sum(wins[i][j] for j in range(k) if j != i)
            d = sum((wins[i][j] + wins[j][i]) / (strength[i] + strength[j])
                    for j in range(k) if j != i)
            new.append(max(w, 0.5) / d if d > 0 else strength[i])
        g = math.exp(statistics.fmean(math.log(s) for s in new))
        strength = [s / g for s in new]
    return [1500 + 400 * math.log10(s) for s in strength]


@dataclass(frozen=True)
class BotSummary:
    """One bot's figures over a tournament."""

    name: str
    mean: float
    ci: float
    share: float | None
    win_rate: float
    rating: float
    ms_per_decision: float


@dataclass(frozen=True)
class TournamentResult:
    """The boards of a finished tournament and the figures drawn from them."""

    tournament: Tournament
    boards: tuple[Board, ...]

    def per_bot(self) -> list[list[float]]:
        """For each bot, its mean points per deal on every board."""
        k = len(self.tournament.bots)
        rows = [b.bot_points(k) for b in self.boards]
        return [[r[i] for r in rows] for i in range(k)]

    def pairwise(self) -> list[list[float]]:
        """``w[i][j]``: boards on which bot i scored more than bot j (a tie counts half)."""
        k = len(self.tournament.bots)
        w = [[0.0] * k for _ in range(k)]
        for pts in zip(*self.per_bot(), strict=True):
            for i in range(k):
                for j in range(k):
                    if i != j:
                        w[i][j] += 1.0 if pts[i] > pts[j] else 0.5 if pts[i] == pts[j] else 0.0
        return w

    def difference(self, i: int = 0, j: int = 1) -> tuple[float, float]:
        """Bot i's points minus bot j's, per deal, paired by board: mean and 95% CI."""
        per = self.per_bot()
        return mean_ci([a - b for a, b in zip(per[i], per[j], strict=True)])

    def summaries(self) -> list[BotSummary]:
        """Mean points per deal with its 95% CI, share of points, win rate, Elo, speed."""
        bots = self.tournament.names
        k = len(bots)
        per = self.per_bot()
        means = [statistics.fmean(p) for p in per]
        total = sum(means)
        shares_ok = all(m >= 0 for m in means) and total > 0
        w = self.pairwise()
        ratings = bradley_terry(w)
        n = len(self.boards)
        out = []
        for i in range(k):
            m, ci = mean_ci(per[i])
            decisions = sum(b.decisions[i] for b in self.boards)
            secs = sum(b.seconds[i] for b in self.boards)
            out.append(BotSummary(bots[i], m, ci, means[i] / total if shares_ok else None,
                                  sum(w[i][j] for j in range(k) if j != i) / (n * (k - 1)),
                                  ratings[i], 1000 * secs / decisions if decisions else 0.0))
        return out

    def elo_history(self, k_factor: float = 16.0) -> list[list[float]]:
        """Elo of each bot after each board, updated board by board (for the plot)."""
        nb = len(self.tournament.bots)
        r = [1500.0] * nb
        hist: list[list[float]] = [[] for _ in range(nb)]
        for pts in zip(*self.per_bot(), strict=True):
            delta = [0.0] * nb
            for i in range(nb):
                for j in range(nb):
                    if i == j:
                        continue
                    s = 1.0 if pts[i] > pts[j] else 0.5 if pts[i] == pts[j] else 0.0
                    e = 1 / (1 + 10 ** ((r[j] - r[i]) / 400))
                    delta[i] += k_factor * (s - e) / max(1, nb - 1)
            for i in range(nb):
                r[i] += delta[i]
                hist[i].append(r[i])
        return hist

    def rating_history(self, points: int = 100) -> tuple[list[int], list[list[float]]]:
        """The ratings of the summary (Bradley-Terry, as in :meth:`summaries`) fitted to the
        first boards, at up to ``points`` numbers of boards ending with all of them: the
        boards counted, and each bot's ratings. The last ratings are the summary's."""
        k = len(self.tournament.bots)
        n = len(self.boards)
        marks = sorted({max(1, round(n * (i + 1) / points)) for i in range(points)}) \
            if n else []
        w = [[0.0] * k for _ in range(k)]
        hist: list[list[float]] = [[] for _ in range(k)]
        done = 0
        for count, pts in enumerate(zip(*self.per_bot(), strict=True), start=1):
            for i in range(k):
                for j in range(k):
                    if i != j:
                        w[i][j] += 1.0 if pts[i] > pts[j] else 0.5 if pts[i] == pts[j] else 0.0
            if done < len(marks) and count == marks[done]:
                for i, r in enumerate(bradley_terry(w)):
                    hist[i].append(r)
                done += 1
        return marks, hist

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-ready record: the tournament, every board and the summary."""
        t = self.tournament
        return {
            "game": t.game, "bots": list(t.names), "deals": t.deals, "seed": t.seed,
            "options": dict(t.options),
            "summary": [vars(s) for s in self.summaries()],
            "boards": [{"index": b.index, "seed": b.seed,
                        "lineups": [list(x) for x in b.lineups],
                        "points": [list(x) for x in b.points]} for b in self.boards],
        }


def plot(result: TournamentResult, path: str) -> None:
    """Save a PNG: the Elo ratings board by board, and each bot's points per deal."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    t = result.tournament
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
    marks, ratings = result.rating_history()
    for name, hist in zip(t.names, ratings, strict=True):
        ax1.plot(marks, hist, label=name)
    ax1.set_xlabel("boards (duplicate deals) counted")
    ax1.set_ylabel("rating (Elo scale, as in the table)")
    ax1.set_title("ratings")
    ax1.legend()
    per = result.per_bot()
    lo = min(min(p) for p in per)
    hi = max(max(p) for p in per)
    nbins = 30
    bins: Iterable[float] = [lo + (hi - lo) * i / nbins for i in range(nbins + 1)] \
        if hi > lo else [lo - 1, hi + 1]
    bins = list(bins)
    for name, pts in zip(t.names, per, strict=True):
        ax2.hist(pts, bins=bins, alpha=0.5, label=name)
    ax2.set_xlabel("mean points per deal on a board")
    ax2.set_ylabel("boards")
    ax2.set_title("score distribution")
    ax2.legend()
    fig.suptitle(f"{t.game}: {' vs '.join(t.names)}, {len(result.boards)} duplicate deals, "
                 f"seed {t.seed}")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
