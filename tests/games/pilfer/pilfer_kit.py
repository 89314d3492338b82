"""Hand-made Pilfer positions for rule tests: chosen critters, townsfolk, tokens and dice."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from referee.games.pilfer import GAME, make_config
from referee.games.pilfer.engine import finish
from referee.games.pilfer.state import ROSTER, Critter, State
from referee.games.rng import Rng

CritterSpec = tuple[int, str, int, int]


def _token_table(
    tokens: dict[tuple[int, int], list[str]], extra: Iterable[str]
) -> tuple[list[str], dict[tuple[int, int], tuple[int, ...]], set[int]]:
    """Number the tokens 1, 2, ... in the given order; a trailing '^' means face up."""
    kinds: list[str] = []
    cells: dict[tuple[int, int], tuple[int, ...]] = {}
    up: set[int] = set()
    for cell, specs in tokens.items():
        for spec in specs:
            kinds.append(spec.rstrip("^"))
            cells[cell] = (*cells.get(cell, ()), len(kinds))
            if spec.endswith("^"):
                up.add(len(kinds))
    kinds.extend(extra)
    return kinds, cells, up


def build(
    scenario: str = "raid",
    players: int = 2,
    *,
    critters: Iterable[CritterSpec] = (),
    townsfolk: dict[str, tuple[int, int]] | None = None,
    tokens: dict[tuple[int, int], list[str]] | None = None,
    carrying: dict[int, str] | None = None,
    trapped: Iterable[int] = (),
    discard: Iterable[str] = (),
    blips: Iterable[str] = (),
    points: Iterable[int] | None = None,
    turn_seat: int = 0,
    active: int = 0,
    seed: int = 0,
    **overrides: object,
) -> State:
    """Return a play-phase position; townsfolk not listed are out of play."""
    state = GAME.new_state(make_config(scenario, **overrides), players, seed).copy()
    state.phase, state.round, state.turn_seat = "play", 1, turn_seat
    state.critters = [
        Critter(i + 1, owner, kind, x, y, ROSTER[kind][2], False, 0, ())
        for i, (owner, kind, x, y) in enumerate(critters)
    ]
    placed = townsfolk or {}
    state.townsfolk = tuple(
        t._replace(
            x=placed.get(t.name, (t.x, t.y))[0], y=placed.get(t.name, (t.x, t.y))[1]
        )._replace(out=t.name not in placed)
        for t in state.townsfolk
    )
    carried = carrying or {}
    trap_cells = {}
    table = dict(tokens or {})
    for cid in trapped:
        c = state.critters[cid - 1]
        trap_cells[cid] = (c.x, c.y)
        table[(c.x, c.y)] = [*table.get((c.x, c.y), []), "trap^"]
    discard_kinds = list(discard)
    kinds, cells, up = _token_table(table, [*carried.values(), *discard_kinds, *blips])
    first_extra = sum(len(v) for v in table.values()) + 1
    for offset, cid in enumerate(carried):
        c = state.critters[cid - 1]
        state.critters[cid - 1] = c._replace(carrying=(first_extra + offset,))
    for cid, cell in trap_cells.items():
        trap_id = next(t for t in cells[cell] if kinds[t - 1] == "trap" and t in up)
        c = state.critters[cid - 1]
        state.critters[cid - 1] = c._replace(trapped=trap_id)
    start_discard = first_extra + len(carried)
    state.discard = tuple(range(start_discard, start_discard + len(discard_kinds)))
    state.bag = tuple(kinds)
    state.dealt = start_discard + len(discard_kinds) - 1
    state.tokens = cells
    carried_ids = range(first_extra, start_discard)
    state.face_up = frozenset(up) | frozenset(state.discard) | frozenset(carried_ids)
    state.points = tuple(points) if points is not None else (0,) * players
    state.gross = (0,) * players
    state.spent = (0,) * players
    state.known = tuple(frozenset() for _ in range(players))
    state.stack, state.pending, state.active = [], None, active
    if active:
        state.critters[active - 1] = state.critters[active - 1]._replace(activated=True)
    state.events = []
    return finish(state)


def with_rng(state: State, check: Callable[[Rng], bool], limit: int = 500_000) -> State:
    """Return a copy of ``state`` whose random source passes ``check`` (searched by seed)."""
    for seed in range(limit):
        if check(Rng(seed)):
            new = state.copy()
            new.rng = Rng(seed)
            new.legal_cache = state.legal_cache
            return new
    raise AssertionError("no seed found")


def dice(*groups: list[int | None]) -> Callable[[Rng], bool]:
    """Check that the next d6 rolls match ``groups`` in order (None matches any value)."""

    def check(rng: Rng) -> bool:
        for group in groups:
            for want in group:
                got = rng.d6()
                if want is not None and got != want:
                    return False
        return True

    return check


def hits(*groups: tuple[int, int]) -> Callable[[Rng], bool]:
    """Check that each ``(count, successes)`` group of next d6 rolls has that many 4+ rolls."""
    return lambda rng: all(
        sum(rng.d6() >= 4 for _ in range(count)) == wanted for count, wanted in groups
    )


def spins(*values: int, sides: int = 4) -> Callable[[Rng], bool]:
    """Check that the next spinner draws give the direction indices ``values``."""
    return lambda rng: all(rng.below(sides) == value for value in values)


def seq(*checks: Callable[[Rng], bool]) -> Callable[[Rng], bool]:
    """Combine checks that must pass one after another on the same source."""
    return lambda rng: all(check(rng) for check in checks)


def play(state: State, *labels: str) -> State:
    """Apply actions given by their labels, failing if one is not legal."""
    for label in labels:
        actions = {GAME.action_label(a): a for a in GAME.legal_actions(state)}
        assert label in actions, f"{label} not in {sorted(actions)}"
        state = GAME.apply(state, actions[label])
    return state


def labels(state: State) -> list[str]:
    """Return the labels of the legal actions."""
    return [GAME.action_label(a) for a in GAME.legal_actions(state)]


def events(state: State, kind: str) -> list[dict[str, object]]:
    """Return the data of the last apply's events of ``kind``."""
    return [dict(e.data) for e in GAME.events(state) if e.kind == kind]


def decision(state: State) -> object:
    """Return the decision kind being asked."""
    return GAME.observe(state, None)["decision"]
