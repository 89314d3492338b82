"""Known totals: the fixed count of round-robin, gauntlet and Swiss, and a knockout's count that
grows as results arrive, checked against walking knockouts to the end."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tournaments.schedule import KnownTotal, RunProgress, known_total, next_matches

OUTCOMES = ((1, 2), (2, 1), (1, 1))


def walk(definition, salt: int) -> tuple[list[KnownTotal], dict[str, tuple[int, ...]]]:
    """Play a knockout to the end with random results, finishing a random part of every batch
    in a random order; return the known total before the first result and after each one."""
    chooser = random.Random(salt)
    finished: dict[str, tuple[int, ...]] = {}
    totals = [known_total(definition, finished)]
    while batch := next_matches(definition, finished):
        for match in chooser.sample(batch, chooser.randint(1, len(batch))):
            finished[match.key] = chooser.choice(OUTCOMES)
            totals.append(known_total(definition, finished))
    return totals, finished


@given(
    bots=st.integers(2, 11),
    games=st.integers(1, 5),
    tiebreak=st.sampled_from([0, 2, 4]),
    salt=st.integers(0, 10_000),
)
def test_a_knockouts_known_total_is_a_lower_bound_that_grows_to_the_final_count(
    make_definition, bots, games, tiebreak, salt
):
    definition = make_definition(
        "knockout", bots, games=games, options=f"[knockout]\ntiebreak_games = {tiebreak}"
    )
    totals, finished = walk(definition, salt)
    final = len(finished)
    counts = [total.matches for total in totals]
    assert all(count <= final for count in counts)
    assert counts == sorted(counts), "the known total went down"
    assert totals[-1] == KnownTotal(final, False)
    assert all(total.matches == final for total in totals if not total.more)
    if games <= 2 and tiebreak == 0:  # every series plays exactly its regulation
        assert totals[0] == KnownTotal(final, False)
        assert final == (bots - 1) * games


@given(bots=st.integers(2, 9), games=st.integers(1, 4), salt=st.integers(0, 1000))
def test_run_progress_follows_the_known_total_result_by_result(make_definition, bots, games, salt):
    definition = make_definition("knockout", bots, games=games)
    totals, finished = walk(definition, salt)
    progress = RunProgress(definition, {})
    shown = [progress.total]
    for key, ranks in finished.items():
        progress.record(key, ranks)
        shown.append(progress.total)
    assert progress.done == len(finished)
    assert shown[-1] == totals[-1]
    assert progress.left() == 0


def test_a_best_of_three_bracket_counts_two_games_a_series_and_says_more_may_come(
    make_definition,
):
    definition = make_definition("knockout", 4, games=3, options="[knockout]\ntiebreak_games = 2")
    progress = RunProgress(definition, {})
    assert progress.label() == "0/6+"
    progress.record("ko/r1/s0/g0", (1, 2))
    progress.record("ko/r1/s0/g1", (2, 1))  # b0 sat second: 2-0, decided in the fewest
    assert progress.label() == "2/6+"
    progress.record("ko/r1/s1/g0", (1, 1))
    progress.record("ko/r1/s1/g1", (1, 1))  # 0-0 with one game left: the decider is known
    assert progress.label() == "4/7+"
    progress.record("ko/r1/s1/g2", (1, 1))  # tied after regulation: a tiebreak pair
    assert progress.label() == "5/9+"
    assert progress.left() == 4


def test_byes_play_nothing_and_single_games_give_the_exact_total(make_definition):
    definition = make_definition("knockout", 5, options="[knockout]\ntiebreak_games = 0")
    assert known_total(definition, {}) == KnownTotal(4, False)
    assert RunProgress(definition, {}).label() == "0/4"


def test_fixed_formats_count_the_whole_schedule(make_definition):
    for fmt, options, matches in (
        ("round-robin", "", 10 * 2),  # 10 pairings of 5 bots, 2 games each
        ("double-round-robin", "", 10 * 2 * 2),
        ("gauntlet", '[gauntlet]\nchampion = "b0"', 4 * 2),
        ("swiss", "[swiss]\nrounds = 3", 3 * 2 * 2),  # 3 rounds of 2 pairings (and a bye)
    ):
        definition = make_definition(fmt, 5, games=2, options=options)
        total = known_total(definition, {})
        assert total == KnownTotal(matches, False), fmt
        assert total.label(3) == f"3/{total.matches}"
