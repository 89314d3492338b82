"""The tables and trees the live view and ``show`` draw: standings, results, the matches
playing now, pairings, SPRT, head to head, matches, bracket."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table
from rich.tree import Tree

from tournaments.definition import TournamentDefinition
from tournaments.formats import Series
from tournaments.schedule import Match, PairingTest
from tournaments.standings import BotStanding
from tournaments.stats import HeadToHead, JointRating, PairingStats, PairwiseElo, format_elo
from tournaments.store import FAULT_CLASSES, MatchResult

FAULT_ABBREVIATIONS = {name: "".join(part[0] for part in name.split("_")) for name in FAULT_CLASSES}
"""Short fault labels for the table: TIMEOUT -> T, ILLEGAL_ACTION -> IA, ..."""
GAUGE_WIDTH = 21
"""Characters of the bar that places an LLR between its bounds."""
PLAYING_ROWS = 8
"""How many matches playing now are listed; the rest are counted."""


def _table(title: str) -> Table:
    return Table(
        title=title,
        box=box.SIMPLE_HEAD,
        title_justify="left",
        pad_edge=False,
        collapse_padding=True,
    )


def format_rating(rating: JointRating) -> str:
    """Return a joint rating as ``+35``, with its interval ``+35 [+10, +60]`` when it has one,
    or ``-`` for a bot without games."""
    if rating.elo is None:
        return "-"
    if rating.lower is None or rating.upper is None:
        return _signed(rating.elo)
    return f"{_signed(rating.elo)} [{_signed(rating.lower)}, {_signed(rating.upper)}]"


def _signed(value: float) -> str:
    return f"{round(value) + 0:+d}"


def format_faults(faults: dict[str, int] | None) -> str:
    """Return the fault total with its classes, e.g. ``3 (T2 C1)``, or ``0``."""
    counts = {name: count for name, count in (faults or {}).items() if count}
    if not counts:
        return "0"
    parts = " ".join(f"{FAULT_ABBREVIATIONS[name]}{count}" for name, count in counts.items())
    return f"{sum(counts.values())} ({parts})"


def _points(points: float) -> str:
    return f"{points:g}" if points == int(points) else f"{points:.2f}"


def standings_table(standings: Sequence[BotStanding], title: str, anchor: str | None) -> Table:
    """Return the leaderboard: place, points, W-D-L, (byes, Swiss tiebreaks), score %, joint
    Elo, OpenSkill, faults, latency."""
    table = _table(title)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Bot", overflow="fold")
    byes = any(row.byes for row in standings)
    tiebreaks = any(row.buchholz is not None for row in standings)
    intervals = any(row.elo.lower is not None for row in standings)
    headers = (
        "G",
        "Pts",
        "W-D-L",
        *(("Byes",) if byes else ()),
        *(("Buch", "SB") if tiebreaks else ()),
        "Score",
        "Elo [95%]" if intervals else "Elo",
    )
    for header in (*headers, "Skill μ±σ", "Faults", "ms"):
        table.add_column(header, justify="right", no_wrap=True)
    for place, row in enumerate(standings, start=1):
        table.add_row(
            str(place),
            row.name,
            str(row.games),
            _points(row.points),
            f"{row.wins}-{row.draws}-{row.losses}",
            *((str(row.byes),) if byes else ()),
            *((_points(row.buchholz or 0.0), _points(row.sonneborn_berger or 0.0)) * tiebreaks),
            "-" if row.score_pct is None else f"{row.score_pct:.1f}%",
            format_rating(row.elo),
            f"{row.skill.mu:.1f}±{row.skill.sigma:.1f}",
            format_faults(dict(row.faults)),
            "-" if row.median_decision_ms is None else f"{row.median_decision_ms:.2f}",
        )
    notes = ["Pts: points" + (" (a bye is worth 1)" if byes else "")]
    if tiebreaks:
        notes.append("Buch, SB: Buchholz, Sonneborn-Berger")
    notes.append(f"Elo: joint rating, {f'{anchor} at 0' if anchor else 'mean 0'}")
    notes.append("ms: median decision time")
    table.caption = "; ".join(notes)
    table.caption_justify = "left"
    return table


def _elo(figures: PairwiseElo | None) -> str:
    if figures is None:
        return "-"
    return format_elo(figures.elo, figures.elo_lower, figures.elo_upper)


def _nelo(pairing: PairingStats) -> str:
    paired = pairing.paired
    if paired is None or paired.nelo is None:
        return "-"
    assert paired.nelo_lower is not None and paired.nelo_upper is not None
    return format_elo(paired.nelo, paired.nelo_lower, paired.nelo_upper)


def pairings_table(pairings: Sequence[PairingStats], players: int) -> Table:
    """Return one line per pairing, from the first bot's side: W/D/L, the seed units (the
    pentanomial for two players), Elo from single games and from units, nElo, LOS."""
    unit = "pairs" if players == 2 else "cycles"
    table = _table("Pairings")
    table.add_column("Pairing", overflow="fold")
    table.add_column("W-D-L", justify="right", no_wrap=True)
    table.add_column(unit.capitalize(), justify="right", no_wrap=True)
    for header in ("Elo (games)", f"Elo ({unit})", f"nElo ({unit})", "LOS"):
        table.add_column(header, justify="right", no_wrap=True)
    for pairing in pairings:
        penta = pairing.pentanomial
        units = str(pairing.units.units)
        if penta is not None:
            counts = (penta.ll, penta.ld, penta.dd, penta.wl, penta.wd, penta.ww)
            units = "-".join(str(count) for count in counts)
        los = pairing.paired or pairing.trinomial
        table.add_row(
            f"{pairing.bot} vs {pairing.opponent}",
            f"{pairing.wdl.wins}-{pairing.wdl.draws}-{pairing.wdl.losses}",
            units,
            _elo(pairing.trinomial),
            _elo(pairing.paired),
            _nelo(pairing),
            "-" if los is None else f"{100 * los.los:.1f}%",
        )
    counted = "LL-LD-DD-WL-WD-WW" if players == 2 else "how many"
    table.caption = (
        f"{unit.capitalize()}: complete seed {unit} ({counted}); Elo ± 95% from single games "
        f"and from {unit}, which share a seed's luck; nElo: normalised Elo; LOS: likelihood of "
        "superiority"
    )
    table.caption_justify = "left"
    return table


def llr_gauge(test: PairingTest) -> str:
    """Return a bar placing the LLR between its bounds, e.g. ``-2.94 ─────●──── +2.94``."""
    state = test.state
    span = state.upper_bound - state.lower_bound
    where = (min(max(state.llr, state.lower_bound), state.upper_bound) - state.lower_bound) / span
    mark = round(where * (GAUGE_WIDTH - 1))
    bar = "─" * mark + "●" + "─" * (GAUGE_WIDTH - 1 - mark)
    return f"{state.lower_bound:+.2f} {bar} {state.upper_bound:+.2f}"


def sprt_table(tests: Sequence[PairingTest]) -> Table:
    """Return the ``[sprt]`` tests: LLR against its bounds, games used, decision."""
    config = tests[0].state.config
    title = (
        f"SPRT ({config.model}, elo0 {config.elo0:g}, elo1 {config.elo1:g}, "
        f"alpha {config.alpha:g}, beta {config.beta:g})"
    )
    table = _table(title)
    table.add_column("Pairing", overflow="fold")
    table.add_column("LLR", justify="right", no_wrap=True)
    table.add_column("H0 … H1", no_wrap=True)
    table.add_column("Games", justify="right", no_wrap=True)
    table.add_column("Decision", no_wrap=True)
    for test in tests:
        decision = test.state.decision
        table.add_row(
            f"{test.bot} vs {test.opponent}",
            f"{test.state.llr:+.2f}",
            llr_gauge(test),
            str(test.state.games),
            "playing" if decision is None else f"{decision} accepted",
        )
    return table


def head_to_head_table(matrix: HeadToHead) -> Table:
    """Return the matrix: the row bot's score and the games against each column bot."""
    table = _table("Head to head (row bot's score / games against the column bot)")
    table.add_column("", overflow="fold")
    for name in matrix.bots:
        table.add_column(name, justify="right", no_wrap=True)
    for bot in matrix.bots:
        cells = []
        for opponent in matrix.bots:
            cell = matrix.cell(bot, opponent)
            cells.append("·" if bot == opponent else f"{cell.score:g}/{cell.games}")
        table.add_row(bot, *cells)
    return table


def describe_result(result: MatchResult) -> str:
    """Return one line for a result: the seats with their ranks, the scores and the reason."""
    seats = " vs ".join(
        f"{name} #{rank}" for name, rank in zip(result.seats, result.ranks, strict=True)
    )
    scores = "-".join(str(score) for score in result.scores)
    return f"{seats}  [{scores}]  {result.reason}"


def results_table(results: Sequence[MatchResult]) -> Table:
    """Return the latest results, newest first."""
    table = Table(title="Latest results", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("Match")
    table.add_column("Result")
    for result in reversed(results):
        table.add_row(result.key, describe_result(result))
    return table


def format_duration(seconds: float) -> str:
    """Return a duration to the second as ``45s``, ``3m20s`` or ``2h05m``."""
    whole = max(0, round(seconds))
    if whole < 60:
        return f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole % 3600 // 60:02d}m"


class PlayingNow:
    """The matches playing now, in schedule order, and when a view first saw each (both views
    show how long each has been playing)."""

    def __init__(self) -> None:
        self.matches: list[Match] = []
        self.since: dict[str, float] = {}
        """When each match playing now was first seen, by key."""

    def update(self, matches: Sequence[Match], now: float) -> None:
        """Keep ``matches`` as the ones playing at ``now``, each seen first when it was."""
        self.since = {match.key: self.since.get(match.key, now) for match in matches}
        self.matches = list(matches)

    def lines(self, now: float) -> tuple[list[tuple[str, str, str]], int]:
        """Return the first :data:`PLAYING_ROWS` matches as (key, bots in seat order, time
        playing at ``now``), and how many more there are."""
        shown = [
            (match.key, " vs ".join(match.seats), format_duration(now - self.since[match.key]))
            for match in self.matches[:PLAYING_ROWS]
        ]
        return shown, max(0, len(self.matches) - PLAYING_ROWS)


def playing_table(playing: PlayingNow, now: float) -> Table:
    """Return the matches playing now (see :meth:`PlayingNow.lines`), with "and N more"."""
    table = Table(title="Playing now", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("Match")
    table.add_column("Seats")
    table.add_column("For", justify="right", no_wrap=True)
    shown, more = playing.lines(now)
    for row in shown:
        table.add_row(*row)
    if more:
        table.add_row(f"and {more} more", "", "")
    return table


def matches_table(results: Sequence[MatchResult]) -> Table:
    """Return every match in the order recorded: key, seats with ranks, scores, reason,
    faults and log."""
    table = _table("Matches")
    for header in ("Match", "Seats (#rank)", "Scores", "Reason", "Faults", "Log"):
        table.add_column(header, overflow="fold")
    for result in results:
        seats = ", ".join(f"{n} #{r}" for n, r in zip(result.seats, result.ranks, strict=True))
        faults = [
            f"{name} {format_faults(dict(counts))}"
            for name, counts in zip(result.seats, result.faults, strict=True)
            if any(counts.values())
        ]
        table.add_row(
            result.key,
            seats,
            "-".join(str(score) for score in result.scores),
            result.reason,
            "; ".join(faults) or "0",
            result.log_path,
        )
    return table


def fault_lines(results: Sequence[MatchResult]) -> list[str]:
    """Return one line per faulting seat of ``results``, e.g. ``rr/a~b/g0: b TIMEOUT×1``."""
    lines = []
    for result in results:
        for name, faults in zip(result.seats, result.faults, strict=True):
            for code, count in faults.items():
                lines.append(f"{result.key}: {name} {code}×{count}")
    return lines


def _round_name(round_number: int, rounds: int) -> str:
    names = {rounds: "Final", rounds - 1: "Semi-final", rounds - 2: "Quarter-final"}
    return names.get(round_number, f"Round {round_number}")


def _series_label(series: Series, rounds: int) -> str:
    name = _round_name(series.round, rounds)
    if series.high is None:
        return f"{name}: to be decided"
    if series.low is None:
        return (
            f"{name}: {series.high} (bye)" if series.round == 1 else f"{name}: {series.high} vs ?"
        )
    score = f"{series.high} {series.high_wins}-{series.low_wins} {series.low}"
    outcome = f" -> {series.winner}" if series.winner else " (playing)"
    return f"{name}: {score}{outcome}"


def bracket_tree(definition: TournamentDefinition, series: Sequence[Series]) -> Tree:
    """Return the bracket as a tree: the final at the root, each series fed by two below."""
    by_slot = {(item.round, item.slot): item for item in series}
    rounds = max((item.round for item in series), default=0)
    root = Tree(f"{definition.name} bracket")

    def grow(node: Tree, round_number: int, slot: int) -> None:
        item = by_slot.get((round_number, slot))
        if item is None:
            return
        child = node.add(_series_label(item, rounds))
        if round_number > 1:
            grow(child, round_number - 1, 2 * slot)
            grow(child, round_number - 1, 2 * slot + 1)

    grow(root, rounds, 0)
    return root
