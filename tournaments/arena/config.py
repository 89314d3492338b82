"""``arena.toml``: what every match of an arena is played with, read again by each ``arena run``.

::

    game = "pilfer"            # the game every match plays (fixed at ``arena init``)
    players = 2                # seats per match (fixed at ``arena init``)
    # scenario = "raid"        # optional: the game's default scenario (fixed at ``arena init``)
    backend = "local"          # optional: where matches run (``--backend`` overrides)

    [matchmaking]
    min_games = 4              # games a new bot plays before pairings go by gain alone
    candidate_interval = 12    # a candidate becomes a benchmark once its interval
                               # (mu ± 2 sigma) is narrower than this

    [clocks]  [rules]  [faults]  [sandbox]  [limits]
                               # optional: as in a tournament definition, parsed by the same
                               # code (tournaments.definition); changes count from the next run

The bots are not in this file: they live in the arena's store (``ruckus arena bot add``), so
they can change while the arena runs.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.games import game_names, get_game
from referee.match import Clocks, FaultPolicy
from referee.sandbox import AUTO, Limits
from tournaments.arena.matchmaking import CANDIDATE_INTERVAL, MIN_GAMES
from tournaments.bot_entries import BotEntry
from tournaments.definition import (
    MAX_SEATS,
    TournamentDefinition,
    check_against_spec,
    parse_clocks,
    parse_faults,
    parse_limits,
    parse_sandbox,
)
from tournaments.formats import FormatOptions
from tournaments.game_rules import Rules, game_rules
from tournaments.runner.backends import backend_names
from tournaments.toml_fields import (
    DefinitionError,
    choice,
    int_field,
    optional_str,
    reject_unknown,
    table_field,
)

ARENA_FILE = "arena.toml"
"""The arena's settings, in its folder."""
ARENA_FORMAT = "arena"
"""What the runner's definition calls the arena's schedule (no format plugin is asked: the
arena's matchmaker picks every match)."""
_TOP_KEYS = frozenset(
    {
        "game",
        "scenario",
        "players",
        "backend",
        "matchmaking",
        "clocks",
        "rules",
        "faults",
        "sandbox",
        "limits",
    }
)


@dataclass(frozen=True)
class ArenaConfig:
    """A parsed ``arena.toml``."""

    game: str
    players: int
    scenario: str | None = None
    backend: str = "local"
    min_games: int = MIN_GAMES
    candidate_interval: float = CANDIDATE_INTERVAL
    clocks: Clocks = field(default_factory=Clocks)
    faults: FaultPolicy = field(default_factory=FaultPolicy)
    sandbox: str = AUTO
    limits: Limits = field(default_factory=Limits)
    rules: Rules = ()

    def definition(self, bots: tuple[BotEntry, ...], seed: int) -> TournamentDefinition:
        """Return the definition the runner's pieces (fleet, backends, tasks) read: these
        settings and ``bots``, the arena's current line-up."""
        return TournamentDefinition(
            name="arena",
            game=self.game,
            scenario=self.scenario,
            players=self.players,
            format=ARENA_FORMAT,
            format_options=FormatOptions(),
            games_per_pairing=1,
            seed=seed,
            concurrency=1,
            clocks=self.clocks,
            faults=self.faults,
            bots=bots,
            sandbox=self.sandbox,
            limits=self.limits,
            backend=self.backend,
            rules=self.rules,
        )


def parse_arena(text: str) -> ArenaConfig:
    """Validate the TOML ``text``; raise DefinitionError naming the first bad field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DefinitionError("<toml>", str(error)) from None
    reject_unknown("", data, _TOP_KEYS)
    game = choice(data, "game", game_names(), None)
    scenario = optional_str(data, "scenario")
    matchmaking = table_field(data, "matchmaking")
    reject_unknown("matchmaking.", matchmaking, frozenset({"min_games", "candidate_interval"}))
    config = ArenaConfig(
        game=game,
        players=int_field(data, "players", 2, 2, MAX_SEATS),
        scenario=scenario,
        backend=choice(data, "backend", backend_names(), "local"),
        min_games=int_field(matchmaking, "matchmaking.min_games", MIN_GAMES, 0, 1000),
        candidate_interval=float(
            int_field(
                matchmaking, "matchmaking.candidate_interval", int(CANDIDATE_INTERVAL), 1, 100
            )
        ),
        clocks=parse_clocks(table_field(data, "clocks")),
        faults=parse_faults(table_field(data, "faults")),
        sandbox=parse_sandbox(table_field(data, "sandbox")),
        limits=parse_limits(table_field(data, "limits")),
        rules=game_rules(game, scenario, table_field(data, "rules")) if "rules" in data else (),
    )
    check_against_spec(config.definition((), 0), get_game(game).spec)
    return config


def load_arena(folder: Path) -> ArenaConfig:
    """Read and validate the ``arena.toml`` of the arena in ``folder``."""
    return parse_arena((folder / ARENA_FILE).read_text(encoding="utf-8"))


def arena_toml(game: str, players: int, scenario: str | None) -> str:
    """Return the documented ``arena.toml`` that ``arena init`` writes."""
    scenario_line = f'scenario = "{scenario}"' if scenario else '# scenario = "NAME"'
    fixed = "(fixed once the arena exists)"
    head = [
        (f'game = "{game}"', f"one of: {', '.join(game_names())} {fixed}"),
        (f"players = {players}", f"seats per match {fixed}"),
        (scenario_line, f"optional: the game's default scenario {fixed}"),
        ('# backend = "local"', "where matches run (`ruckus backends`); --backend overrides"),
    ]
    top = "".join(f"{setting:<30}# {comment}\n" for setting, comment in head)
    return f"""\
# An arena: a league that never stops. `ruckus arena run DIR` plays it; bots join and leave at
# any time with `ruckus arena bot add|update|retire` (they live in results.sqlite, not here).

{top}
[matchmaking]
min_games = {MIN_GAMES}                 # games a new bot plays before pairings go by gain alone
candidate_interval = {int(CANDIDATE_INTERVAL)}       # a candidate becomes a benchmark once
                              # its interval (mu ± 2 sigma) is narrower

# The tables below are optional and mean what they mean in a tournament definition; a change
# counts from the next `ruckus arena run`.

[clocks]
# decision_ms = 2000          # limit per decision
# bank_ms = 120000            # time bank per seat per match
# startup_ms = 15000          # to listen and answer Describe

[rules]                       # the game's config fields (`ruckus games {game}`)

[faults]
# policy = "forfeit"          # forfeit | default-action
# max_strikes = 3

[sandbox]
# level = "auto"              # strict | basic | none | auto

[limits]                      # per bot; a bot over one gets RESOURCE_LIMIT
# memory_mb = 2048
# cpu_s = 300                 # CPU seconds per match
"""


def check_fixed(config: ArenaConfig, fixed: dict[str, Any]) -> None:
    """Raise DefinitionError when ``arena.toml`` no longer names the game, players and
    scenario the arena was created with (``fixed``, as the store keeps them)."""
    for key in ("game", "players", "scenario"):
        if getattr(config, key) != fixed[key]:
            raise DefinitionError(
                key, f"the arena was created with {key} = {fixed[key]!r}; start a new arena"
            )
