"""Setting up a match (rules 4.4): seats, the shuffled bag, dots, townsfolk, starting points."""

from __future__ import annotations

from referee.games.base import ConfigError
from referee.games.pilfer.config import Config
from referee.games.pilfer.maps import BAG, COLORS, MAPS, SEATS_BY_COUNT
from referee.games.pilfer.ops import draw_token
from referee.games.pilfer.state import State, Townsfolk
from referee.games.rng import Rng


def controller_of(color: int, colors: tuple[int, ...]) -> int:
    """Return the seat moving townsfolk of ``color``: its owner, else the color before (G21)."""
    while color not in colors:
        color = (color - 1) % len(COLORS)
    return colors.index(color)


def _townsfolk(config: Config, colors: tuple[int, ...], state: State) -> tuple[Townsfolk, ...]:
    """Place every color's townsfolk on its X, in ascending id order (G21, G25)."""
    result: list[Townsfolk] = []
    for color, (x, y) in enumerate(state.board.townsfolk_starts):
        for n in range(1, config.townsfolk_per_x + 1):
            name = f"{COLORS[color]}-{n}"
            controller = controller_of(color, colors)
            result.append(Townsfolk(len(result), name, color, controller, x, y, False))
    return tuple(result)


def blank_state(config: Config, players: int) -> State:
    """Return a state holding only the config, the seat count and what derives from them (the
    board, the seats' colours and start spaces); the caller sets every other field."""
    state = State.__new__(State)
    state.config = config
    state.board = MAPS[config.scenario]
    state.players = players
    state.colors = SEATS_BY_COUNT[players]
    state.start_of = {state.board.starts[color]: seat for seat, color in enumerate(state.colors)}
    return state


def new_state(config: Config, players: int, seed: int) -> State:
    """Return the state at the first setup BUY of seat 0 (G9, G20, G21)."""
    if not isinstance(config, Config):
        raise ConfigError("config: expected a pilfer Config")
    if players not in SEATS_BY_COUNT:
        raise ConfigError(f"players: {players!r} is outside 2..4")
    state = blank_state(config, players)
    state.rng = Rng(seed)
    bag = list(BAG)
    state.rng.shuffle(bag)
    state.bag = tuple(bag)
    state.dealt = 0
    state.tokens = {}
    state.face_up = frozenset()
    state.discard = ()
    state.critters = []
    state.points = (config.start_points,) * players
    state.gross = (0,) * players
    state.spent = (0,) * players
    state.openings = frozenset()
    state.known = tuple(frozenset() for _ in range(players))
    state.sniffs = ()
    state.round = 0
    state.turn_seat = 0
    state.phase = "setup"
    state.active = 0
    state.turn_decisions = 0
    state.stack = []
    state.pending = None
    state.end_reason = ""
    state.winner = -1
    state.events = []
    state.legal_cache = None
    state.townsfolk = _townsfolk(config, state.colors, state)
    for x, y in state.board.dots:
        draw_token(state, x, y)
    state.emit("setup", {"players": players, "scenario": config.scenario, "tokens": state.dealt})
    return state
