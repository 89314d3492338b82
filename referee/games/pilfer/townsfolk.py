"""Townsfolk: spinner moves and redirects (G2, G24, G25), alarm steps (G41) and pushes (G37)."""

from __future__ import annotations

from referee.games.pilfer.geometry import alarm_step, townsfolk_may_enter, townsfolk_neighbours
from referee.games.pilfer.maps import Cell
from referee.games.pilfer.ops import place_blip, townsfolk_scuffle
from referee.games.pilfer.scoring import add_points, end_game
from referee.games.pilfer.state import DIRECTIONS, SPINNER, Pending, State, Townsfolk


def _free_critter_in(state: State, x: int, y: int) -> bool:
    """Return whether a non-trapped critter stands in ``(x, y)`` (a loop: see State's cell
    queries)."""
    for c in state.critters:  # noqa: SIM110
        if c.x == x and c.y == y and not c.trapped:
            return True
    return False


def move_townsfolk(state: State, index: int, x: int, y: int, how: str, attack: bool) -> None:
    """Move a townsfolk, leave a blip behind, and attack the cell's critters if ``attack``."""
    folk = state.townsfolk[index]
    state.set_townsfolk(folk.at(x, y))
    state.emit(
        "townsfolk_move",
        {"townsfolk": folk.name, "how": how, "x": x, "y": y, "from_x": folk.x, "from_y": folk.y},
    )
    place_blip(state, folk.x, folk.y)
    if attack and _free_critter_in(state, x, y):
        state.stack.append(townsfolk_scuffle(index, x, y))


def handle_spin(state: State, index: int) -> None:
    """Spin for one townsfolk (one draw, G3) and move it, or ask for a REDIRECT (G24)."""
    folk = state.townsfolk[index]
    if folk.out:
        return
    directions = SPINNER[state.config.spinner_dirs]
    direction = directions[state.draw_source().below(len(directions))]
    state.emit("spin", {"townsfolk": folk.name, "direction": direction})
    dx, dy = DIRECTIONS[direction]
    x, y = folk.x + dx, folk.y + dy
    board = state.board  # townsfolk_may_enter written out: a spin is made at nearly every turn
    if 0 <= x < board.width and 0 <= y < board.height and (x, y) not in state.start_of:
        move_townsfolk(state, index, x, y, "spin", True)
        return
    options = townsfolk_neighbours(state, folk.x, folk.y)
    if options:
        state.pending = Pending("redirect", folk.controller, (index, tuple(options)))


def answer_redirect(state: State, pending: Pending, x: int, y: int) -> None:
    """Move the townsfolk to the chosen legal neighbour (G24)."""
    index = pending.data[0]
    state.emit("redirect", {"townsfolk": state.townsfolk[index].name, "x": x, "y": y})
    move_townsfolk(state, index, x, y, "redirect", True)


def push_options(state: State, folk: Townsfolk) -> list[str]:
    """Return the legal push directions: free board cells, or off the edge in Driven Out."""
    result = []
    for direction in SPINNER[state.config.spinner_dirs]:
        dx, dy = DIRECTIONS[direction]
        x, y = folk.x + dx, folk.y + dy
        if not state.board.on_board(x, y):
            if state.board.push_off_board:
                result.append(direction)
        elif townsfolk_may_enter(state, x, y) and not state.has_critter(x, y):
            result.append(direction)
    return result


def handle_push(state: State, seat: int, index: int, steps: int) -> None:
    """Ask the winner's owner for the next push step, if any step is left and possible."""
    folk = state.townsfolk[index]
    if folk.out or steps <= 0:
        return
    options = push_options(state, folk)
    if options:
        state.pending = Pending("push_step", seat, (index, steps, tuple(options)))


def answer_push(state: State, pending: Pending, direction: str | None) -> None:
    """Apply a PUSH_STEP (or STOP when ``direction`` is None) (G37, G48)."""
    index, steps, _ = pending.data
    folk = state.townsfolk[index]
    if direction is None:
        state.emit("push_stop", {"townsfolk": folk.name})
        return
    dx, dy = DIRECTIONS[direction]
    x, y = folk.x + dx, folk.y + dy
    state.emit("push", {"townsfolk": folk.name, "direction": direction, "by": pending.seat})
    if state.board.on_board(x, y):
        move_townsfolk(state, index, x, y, "push", False)
        state.stack.append(("push", pending.seat, index, steps - 1))
        return
    _drive_out(state, pending.seat, folk)


def _drive_out(state: State, seat: int, folk: Townsfolk) -> None:
    """Remove a townsfolk pushed off the board; score the pusher; maybe end the game (G48)."""
    state.set_townsfolk(folk._replace(out=True))
    state.emit("driven_out", {"townsfolk": folk.name, "by": seat, "x": folk.x, "y": folk.y})
    place_blip(state, folk.x, folk.y)
    add_points(state, seat, state.config.drive_out_points, "driven_out")
    if state.phase == "over":
        return
    if state.board.end_when_all_out and all(t.out for t in state.townsfolk):
        end_game(state, "all_driven_out")


def fire_alarm(state: State, target: Cell, token: int) -> None:
    """Step every townsfolk toward ``target`` at once, place blips, queue the scuffles (G41)."""
    origins = {t.num: (t.x, t.y) for t in state.townsfolk if not t.out}
    entered: dict[Cell, int] = {}
    for index, (x, y) in origins.items():
        dest = alarm_step(state, x, y, target)
        if dest == (x, y):
            continue
        folk = state.townsfolk[index]
        state.set_townsfolk(folk.at(dest[0], dest[1]))
        state.emit(
            "townsfolk_move",
            {
                "townsfolk": folk.name,
                "how": "alarm",
                "x": dest[0],
                "y": dest[1],
                "from_x": x,
                "from_y": y,
            },
        )
        entered.setdefault(dest, index)
    for index, (x, y) in origins.items():
        if (state.townsfolk[index].x, state.townsfolk[index].y) != (x, y):
            place_blip(state, x, y)
    state.stack.append(("discard", token))
    cells = [cell for cell in entered if _free_critter_in(state, *cell)]
    cells.sort(key=lambda cell: (cell != target, entered[cell]))
    for cell in reversed(cells):
        state.stack.append(townsfolk_scuffle(entered[cell], *cell))
