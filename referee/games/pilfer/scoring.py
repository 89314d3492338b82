"""Points, spending and the end of the game (G7, G8, G13, G14, G48)."""

from __future__ import annotations

from referee.games.pilfer.state import State, replaced


def end_game(state: State, reason: str, winner: int = -1) -> None:
    """Stop the match at once: pending steps and decisions are dropped (G8)."""
    state.phase = "over"
    state.end_reason = reason
    state.winner = winner
    state.stack.clear()
    state.pending = None
    state.active = 0
    state.emit("game_end", {"reason": reason, "winner": None if winner < 0 else winner})


def add_points(state: State, seat: int, amount: int, why: str) -> None:
    """Credit ``seat`` with earned points and end the game if it reached the win total (G8)."""
    state.points = replaced(state.points, seat, state.points[seat] + amount)
    state.gross = replaced(state.gross, seat, state.gross[seat] + amount)
    state.emit(
        "score",
        {
            "seat": seat,
            "amount": amount,
            "why": why,
            "points": state.points[seat],
            "gross": state.gross[seat],
        },
    )
    target = state.config.win_points
    if target is None:
        return
    total = state.points[seat] if state.config.win_mode == "current" else state.gross[seat]
    if total >= target:
        end_game(state, "win_points", seat)


def spend(state: State, seat: int, amount: int) -> None:
    """Pay ``amount`` points for a purchase or an upgrade (G7)."""
    state.points = replaced(state.points, seat, state.points[seat] - amount)
    state.spent = replaced(state.spent, seat, state.spent[seat] + amount)


def ranking_keys(state: State) -> list[tuple[int, ...]]:
    """Return per-seat sort keys: instant winner first, then points, gross, tie-break (G14)."""
    keys = []
    for seat in range(state.players):
        key: tuple[int, ...] = (
            int(seat == state.winner),
            state.points[seat],
            state.gross[seat],
        )
        if state.config.final_tiebreak == "later_seat":
            key += (seat,)
        keys.append(key)
    return keys
