"""Swiss tiebreaks, the head-to-head matrix and the per-pairing report, by hand."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console
from stats_records import pair, result

from tournaments.stats.h2h import head_to_head
from tournaments.stats.pairings import all_pairings
from tournaments.stats.tiebreaks import buchholz, sonneborn_berger
from tournaments.ui.tables import pairings_table

# A 4-bot Swiss of two rounds, one game a round:
# r1: a beats b, c draws d;  r2: a draws c, d beats b.  Final: a 1.5, c 1, d 1.5, b 0.
SWISS = [
    result(("a", "b"), (1, 2), seed=1, round=1),
    result(("c", "d"), (1, 1), seed=2, round=1),
    result(("c", "a"), (1, 1), seed=3, round=2),
    result(("b", "d"), (2, 1), seed=4, round=2),
]
SCORES = {"a": 1.5, "b": 0.0, "c": 1.0, "d": 1.5}


def test_buchholz_sums_the_opponents_scores() -> None:
    assert buchholz(SCORES, SWISS) == {"a": 1.0, "b": 3.0, "c": 3.0, "d": 1.0}


def test_sonneborn_berger_weights_them_by_the_points_taken() -> None:
    # a: beat b (0) + drew c (1/2 * 1); c: drew d (0.75) + drew a (0.75); d: drew c + beat b
    assert sonneborn_berger(SCORES, SWISS) == {"a": 0.5, "b": 0.0, "c": 1.5, "d": 0.5}


def test_buchholz_counts_an_opponent_once_per_meeting_of_several_games() -> None:
    games = [*pair("a", "b", 1.0, 0.5, seed=1), *pair("a", "b", 0.0, 0.0, seed=2)]
    for game in games[2:]:
        object.__setattr__(game, "round", 2)
    assert buchholz({"a": 1.5, "b": 2.5}, games) == {"a": 5.0, "b": 3.0}
    assert sonneborn_berger({"a": 1.5, "b": 2.5}, games) == {"a": 3.75, "b": 3.75}


def test_tiebreaks_refuse_multiplayer_games() -> None:
    with pytest.raises(ValueError, match="2-player"):
        buchholz({"a": 0, "b": 0, "c": 0}, [result(("a", "b", "c"), (1, 2, 3), seed=1)])


def test_head_to_head_scores_and_games_per_ordered_pair() -> None:
    records = [*SWISS, result(("a", "b", "c"), (2, 1, 2), seed=9)]
    matrix = head_to_head(["a", "b", "c", "d"], records)
    assert (matrix.cell("a", "b").score, matrix.cell("a", "b").games) == (1.0, 2)
    assert (matrix.cell("b", "a").score, matrix.cell("b", "a").games) == (1.0, 2)
    assert (matrix.cell("a", "c").score, matrix.cell("a", "c").games) == (1.0, 2)
    assert matrix.cell("a", "d").games == 0
    for cell in matrix.cells:
        assert cell.score + matrix.cell(cell.opponent, cell.bot).score == cell.games
    assert json.loads(json.dumps(matrix.to_json()))["bots"] == ["a", "b", "c", "d"]


def test_pairing_report_carries_counts_and_both_models() -> None:
    records = [game for seed in range(12) for game in pair("a", "b", 1.0, seed % 3 / 2, seed)]
    records += [game for seed in range(20, 26) for game in pair("a", "c", 0.5, 0.0, seed)]
    records.append(result(("b", "a"), (1, 2), seed=99))
    report = all_pairings(["a", "b", "c"], records, players=2)
    assert [(row.bot, row.opponent) for row in report] == [("a", "b"), ("a", "c")]
    ab = report[0]
    assert ab.wdl.counts() == (5, 4, 16)
    assert ab.pentanomial is not None and (
        ab.pentanomial.wl,
        ab.pentanomial.wd,
        ab.pentanomial.ww,
    ) == (4, 4, 4)
    assert ab.units.unused_games == 1
    assert ab.trinomial is not None and ab.paired is not None
    assert ab.trinomial.games == 25 and ab.paired.games == 24
    assert ab.paired.elo_lower < ab.paired.elo < ab.paired.elo_upper
    data = json.loads(json.dumps(ab.to_json(), allow_nan=False))
    assert data["pentanomial"]["pairs"] == 12 and data["units"]["counts"] == [0, 0, 4, 4, 4]


def test_pairings_table_prints_no_nelo_when_every_pair_is_one_all() -> None:
    # 200 pairs won once and lost once: no spread, so no nElo (it printed +0.0 ± 666.9)
    records = [game for seed in range(200) for game in pair("a", "b", 1.0, 0.0, seed)]
    console = Console(width=120, color_system=None, record=True, file=io.StringIO())
    console.print(pairings_table(all_pairings(["a", "b"], records, 2), 2))
    row = next(line for line in console.export_text().splitlines() if "a vs b" in line)
    assert row.split()[-2:] == ["-", "50.0%"] and "666.9" not in row
