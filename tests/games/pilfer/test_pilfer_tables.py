"""The engine's shortcuts agree with the rules they stand for: the per-cell facts of each board,
the random source shared by copies until one draws, events made records when read."""

from pilfer_kit import build, play

from referee.games.base import Event
from referee.games.pilfer import GAME, make_config
from referee.games.pilfer.geometry import cell_facts
from referee.games.pilfer.maps import MAPS, edge
from referee.games.pilfer.state import ALL_DIRECTIONS, DIRECTIONS, ORTHOGONAL


def _expected_steps(board, x, y, directions):
    """The steps a critter may try from ``(x, y)``, worked out from the board alone (G31)."""
    steps = []
    for direction in directions:
        dx, dy = DIRECTIONS[direction]
        target = (x + dx, y + dy)
        if not board.on_board(*target):
            continue
        if dx and dy and board.building_of.get((x, y)) != board.building_of.get(target):
            continue
        wall = edge((x, y), target)
        steps.append((direction, target, wall if wall in board.walls else None))
    return steps


def test_cell_facts_hold_every_cells_steps_walls_and_reach():
    for scenario, board in MAPS.items():
        table = cell_facts(scenario)
        assert set(table) == {(x, y) for x in range(board.width) for y in range(board.height)}
        for (x, y), facts in table.items():
            for steps, directions in ((facts.steps, ORTHOGONAL), (facts.all_steps, ALL_DIRECTIONS)):
                listed = [(move.direction, target, wall) for move, target, wall in steps]
                assert listed == _expected_steps(board, x, y, directions)
            walls = [(d, e) for d, e, _ in facts.walls]
            assert walls == [(d, e) for d, _, e in _expected_steps(board, x, y, ORTHOGONAL) if e]
            assert all(action.wall == d for d, _, action in facts.walls)
            near = [(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
            assert list(facts.reach) == [cell for cell in near if board.on_board(*cell)]


def test_a_corner_and_a_house_corner_have_the_facts_the_map_shows():
    raid = cell_facts("raid")
    assert raid[(0, 0)].reach == ((0, 0), (1, 0), (0, 1), (1, 1))
    assert [d for d, _, _ in raid[(3, 2)].walls] == ["N", "W"]
    assert [move.direction for move, _, _ in raid[(3, 2)].all_steps] == ["N", "E", "S", "W", "SE"]


def test_a_copy_shares_the_random_source_until_it_draws():
    state = GAME.new_state(make_config("raid"), 2, 11)
    assert state.copy().rng is state.rng
    before = state.rng.state()
    drawn = state.copy()
    drawn.draw_source().below(6)
    assert state.rng.state() == before and drawn.rng.state() != before


def test_an_end_of_turn_spins_from_its_own_source():
    state = build(critters=[(0, "fox", 1, 1)], townsfolk={"green-1": (6, 8)})
    before = state.rng.state()
    after = play(state, "END_TURN")
    assert "spin" in [event.kind for event in GAME.events(after)]
    assert after.rng is not state.rng and after.rng.state() != before
    assert state.rng.state() == before


def test_events_are_handed_out_as_event_records():
    state = build(critters=[(0, "fox", 1, 1)], active=1)
    after = play(state, "MOVE(E)")
    events = GAME.events(after)
    assert events and all(type(event) is Event for event in events)
    assert events[0] == Event("move", {"critter": 1, "direction": "E", "x": 2, "y": 1}, None)
