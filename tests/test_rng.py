"""The counter-based random source that engines keep in their states."""

from collections import Counter

from referee.games.rng import Rng


def test_same_seed_gives_same_sequence():
    a, b = Rng(42), Rng(42)
    assert [a.d6() for _ in range(50)] == [b.d6() for _ in range(50)]


def test_different_seeds_differ():
    assert [Rng(1).next64() for _ in range(3)] != [Rng(2).next64() for _ in range(3)]


def test_copy_is_independent_and_at_the_same_position():
    rng = Rng(7)
    rng.d6()
    twin = rng.copy()
    assert twin.state() == rng.state()
    first = rng.d6()
    assert twin.d6() == first
    assert Rng.restore(*rng.state()).d6() == rng.copy().d6()


def test_dice_are_uniform_enough():
    rng = Rng(3)
    counts = Counter(rng.d6() for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_400 < n < 10_600 for n in counts.values())


def test_shuffle_is_a_permutation_and_seeded():
    items = list(range(40))
    first, second = items.copy(), items.copy()
    Rng(9).shuffle(first)
    Rng(9).shuffle(second)
    assert first == second
    assert sorted(first) == items
    assert first != items


def test_below_rejects_non_positive_bounds():
    import pytest

    with pytest.raises(ValueError):
        Rng(1).below(0)
