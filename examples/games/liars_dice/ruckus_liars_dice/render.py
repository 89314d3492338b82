"""The plain-text board: the rules in force, each seat's cup, the bids and the last reveal.

With a seat, that seat's own dice are shown and every other cup as ``?``; without one (a
spectator) every cup is hidden. Revealed dice are public (LD8).
"""

from __future__ import annotations

from ruckus_liars_dice.state import Reveal, State


def cup_text(dice: tuple[int, ...]) -> str:
    """Return dice as ``[2 3 5]``."""
    return "[" + " ".join(str(die) for die in dice) + "]"


def seat_line(state: State, seat: int, viewer: int | None) -> str:
    """Return one seat's line: dice left, its cup as the viewer may see it (while the game is
    on) and whether it is to move."""
    count = state.counts[seat]
    if not count:
        return f"seat {seat}: out"
    held = f"seat {seat}: {count} {'die' if count == 1 else 'dice'}"
    if state.over:
        return held
    cup = cup_text(state.dice[seat]) if seat == viewer else "[" + " ".join("?" * count) + "]"
    mark = "  <- to move" if state.seat == seat else ""
    return f"{held} {cup}{mark}"


def reveal_lines(reveal: Reveal) -> list[str]:
    """Return the last challenge: who called it on which bid, the count, every cup shown."""
    lines = [
        f"Last reveal (round {reveal.round}): seat {reveal.challenger} called LIAR on "
        f"{reveal.quantity}x{reveal.face} by seat {reveal.bidder}; {reveal.count} counted; "
        f"seat {reveal.loser} lost a die"
    ]
    lines.extend(
        f"  seat {seat} showed {cup_text(cup)}" for seat, cup in enumerate(reveal.dice) if cup
    )
    return lines


def render(state: State, seat: int | None = None) -> str:
    """Return the board as ``seat`` may see it (None: a spectator)."""
    config = state.config
    ones = "ones wild" if config.wild_ones else "ones not wild"
    lines = [
        f"Liar's Dice: round {state.round} of at most {config.max_rounds}; "
        f"{config.faces} faces, {ones}; {state.dice_in_play} dice in play"
    ]
    lines.extend(seat_line(state, row, seat) for row in range(state.players))
    if state.bids:
        bids = ", ".join(f"seat {s} {b.quantity}x{b.face}" for s, b in state.bids)
        lines.append(f"Bids this round: {bids}")
    if state.last_reveal is not None:
        lines.extend(reveal_lines(state.last_reveal))
    if state.over:
        lines.append(f"Game over: {state.reason}")
    return "\n".join(lines)
