"""Tournament definitions: a TOML file parsed into frozen dataclasses, with a canonical hash.

A definition names the game, the format, the clocks, the rules, the fault policy and the bots::

    name = "demo-pilfer"
    game = "pilfer"
    scenario = "raid"          # optional: the game's default scenario
    players = 2                # seats per match
    format = "round-robin"     # an installed format (`ruckus formats`): round-robin,
                               # double-round-robin, gauntlet, knockout, swiss, ...
    games_per_pairing = 2      # knockout: the N of best-of-N
    seed = 7                   # optional: without it every run draws a secret seed
    concurrency = 4
    backend = "local"          # optional: `ruckus backends` lists them; --backend overrides

    [clocks]                   # optional; the referee's defaults
    decision_ms = 2000         # limit per decision
    bank_ms = 120000           # time bank per seat per match
    startup_ms = 15000         # to listen and answer Describe
    time_margin_ms = 0         # an overrun of decision_ms this long is no TIMEOUT (bank pays)

    [rules]                    # optional: the game's config fields (`ruckus games GAME`), over
    max_rounds = 30            # the scenario's defaults; the engine checks their bounds

    [faults]                   # optional; the same names as `ruckus play --policy --max-strikes`
    policy = "forfeit"         # forfeit | default-action
    max_strikes = 3            # default-action: faults played for a seat before it forfeits

    [sandbox]                  # optional: how local bots are confined
    level = "strict"           # strict | basic | none | auto (default: the strongest that works)

    [limits]                   # optional, per bot; a bot over one gets RESOURCE_LIMIT
    memory_mb = 2048           # resident memory of all its processes
    cpu_s = 300                # CPU seconds per match it plays
    processes = 256            # processes and threads
    open_files = 1024
    file_mb = 256              # largest file it may write (and its scratch folder's size)

    [gauntlet]                 # the format's own table, named as it; only that format's
    champion = "search"        # table is allowed (`ruckus formats` lists each one's keys:
                               # [knockout] seeding, tiebreak_games; [swiss] rounds)

    [ratings]                  # optional: the joint ratings put this bot at 0 (default: mean 0)
    anchor = "random"

    [sprt]                     # optional: where the format tests pairings (a round-robin of
                               # two bots, a gauntlet)
    elo0 = 0                   # H0: the first bot (gauntlet: the champion) is elo0 stronger
    elo1 = 10                  # H1: it is elo1 stronger; a pairing stops when one is accepted
    alpha = 0.05               # optional: the chance of accepting H1 when H0 holds
    beta = 0.05                # optional: the chance of accepting H0 when H1 holds
    model = "normalized"       # optional: normalized | logistic (tournaments.stats.sprt)

    [[bots]]                   # exactly one of sample / command / address
    name = "random"
    sample = "pilfer-random"
    # decision_ms = 500        # this bot's own clocks instead of [clocks] (same bounds), in
    # bank_ms = 30000          # each of its seats
    # dir = "mybot"            # a command bot's folder, readable in the sandbox (default:
                               # the folder of its script or executable)
    # an address bot may add ca, token_env, client_cert, client_key (see bot_security.py)

Every problem raises :class:`DefinitionError` whose message names the field, e.g.
``bots[2].address: expected grpc://HOST:PORT``. Unknown keys are errors too, so typos do not
silently fall back to defaults. The clocks and the fault policy parse straight into the
referee's own :class:`~referee.match.Clocks` and :class:`~referee.match.FaultPolicy`; the rules
are checked by the engine's own ``make_config`` (:mod:`tournaments.game_rules`); the bots are
parsed in :mod:`tournaments.bot_entries`. The format is a plugin (:mod:`tournaments.formats`):
it says which player counts and how many bots it takes, and parses its own table into
:attr:`TournamentDefinition.format_options` (:mod:`tournaments.format_tables`). Older
definitions spelled the policy ``policy = "strikes"``, ``strikes = N`` (the N-th fault
forfeits); that spelling is still read, as ``default-action`` with ``max_strikes = N - 1``.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, cast

from referee.games import game_names, get_game
from referee.games.base import GameSpec
from referee.match import Clocks, FaultPolicy
from referee.sandbox import AUTO, Level, Limits
from tournaments.bot_entries import BotEntry as BotEntry  # re-exported
from tournaments.bot_entries import parse_bots
from tournaments.format_tables import (
    check_bot_count,
    format_options,
    format_tables,
    hashed_format_options,
    parse_format,
    sprt_rules,
)
from tournaments.formats import Format, FormatContext, FormatOptions
from tournaments.formats.base import SEAT_ROTATIONS, SeatRotation
from tournaments.game_rules import Rules, check_scenario, game_rules
from tournaments.runner.backends import backend_names
from tournaments.stats.sprt import MODELS, Model, SprtConfig
from tournaments.toml_fields import DefinitionError as DefinitionError  # re-exported
from tournaments.toml_fields import (
    choice,
    int_field,
    name_field,
    optional_str,
    reject_unknown,
    table_field,
)

MAX_SEATS = 16
"""The most seats a definition may ask for; the game's own bounds are checked against its spec."""
LEGACY_STRIKES = "strikes"
"""The older spelling of the ``default-action`` policy (see the module docstring)."""


_TOP_KEYS = frozenset(
    {
        "name",
        "game",
        "scenario",
        "players",
        "format",
        "games_per_pairing",
        "seed",
        "concurrency",
        "backend",
        "clocks",
        "rules",
        "faults",
        "sandbox",
        "limits",
        "ratings",
        "sprt",
        "bots",
    }
)


@dataclass(frozen=True)
class TournamentDefinition:
    """A parsed, validated tournament definition."""

    name: str
    game: str
    scenario: str | None
    players: int
    format: str
    """The format's name (:func:`tournaments.formats.get_format` gives the format)."""
    format_options: FormatOptions
    """What the format read from its own table (``[gauntlet]``, ``[knockout]``, ...)."""
    games_per_pairing: int
    seed: int | None
    """The seed match seeds derive from; None until the results store draws a secret one."""
    concurrency: int
    clocks: Clocks
    faults: FaultPolicy
    bots: tuple[BotEntry, ...]
    sandbox: str = AUTO
    """A sandbox level name, or ``auto``: the strongest that works where the run starts."""
    limits: Limits = field(default_factory=Limits)
    backend: str = "local"
    """Where matches run: an installed backend's name (``local``: a pool on this machine;
    ``ray``: a Ray cluster; see :mod:`tournaments.runner.backends`)."""
    anchor: str | None = None
    """The bot the joint ratings put at 0 (``[ratings] anchor``); None: their mean is 0."""
    sprt: SprtConfig | None = None
    """The sequential test that stops a pairing early (``[sprt]``); None: every game is played."""
    rules: Rules = ()
    """The ``[rules]`` overrides of the scenario's config, checked by the engine."""
    seat_rotation: SeatRotation = SEAT_ROTATIONS[0]
    """How the cycles of 3- and 4-player groups are seated (:mod:`tournaments.schedule.seats`):
    no TOML key; a new run takes the newest, a stored run the one its hash was made with
    (:func:`as_stored`)."""

    @property
    def match_seed_root(self) -> int:
        """The seed every match seed derives from (a run's store fills a drawn one in)."""
        if self.seed is None:
            raise ValueError("the definition has no seed yet: the results store draws it")
        return self.seed

    @property
    def played_scenario(self) -> str:
        """The scenario every match is played on: ``scenario``, or the game's default."""
        return self.scenario or get_game(self.game).spec.default_scenario

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The bot names in definition order (the seeding order of ``seeding = "order"``)."""
        return tuple(bot.name for bot in self.bots)

    def seat_clocks(self, seats: Sequence[str]) -> tuple[Clocks, ...]:
        """Return the clocks of a match's seats (bot names): each bot's own limit and bank
        over ``clocks``; empty when none of them has clocks of its own."""
        entries = {bot.name: bot for bot in self.bots}
        if not any(entries[name].has_own_clocks for name in seats):
            return ()
        return tuple(entries[name].clocks(self.clocks) for name in seats)


def load_definition(path: Path) -> TournamentDefinition:
    """Read and validate the TOML file at ``path``."""
    return parse_definition(path.read_text(encoding="utf-8"))


def parse_definition(text: str) -> TournamentDefinition:
    """Validate TOML ``text``; raise :class:`DefinitionError` naming the first bad field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DefinitionError("<toml>", str(error)) from None
    reject_unknown("", data, _TOP_KEYS | format_tables())
    name = name_field(data, "name")
    game = choice(data, "game", game_names(), None)
    scenario = optional_str(data, "scenario")
    players = int_field(data, "players", 2, 2, MAX_SEATS)
    fmt = parse_format(data, players)
    bots = parse_bots(data)
    check_bot_count(fmt, players, bots)
    definition = TournamentDefinition(
        name=name,
        game=game,
        scenario=scenario,
        players=players,
        format=fmt.name,
        format_options=format_options(data, fmt, FormatContext(players, bots)),
        games_per_pairing=int_field(data, "games_per_pairing", 1, 1, 1000),
        seed=int_field(data, "seed", -1, 0, 2**63 - 1) if "seed" in data else None,
        concurrency=int_field(data, "concurrency", 1, 1, 1024),
        clocks=parse_clocks(table_field(data, "clocks")),
        faults=parse_faults(table_field(data, "faults")),
        bots=bots,
        sandbox=parse_sandbox(table_field(data, "sandbox")),
        limits=parse_limits(table_field(data, "limits")),
        backend=choice(data, "backend", backend_names(), "local"),
        anchor=_anchor(table_field(data, "ratings"), bots),
        rules=game_rules(game, scenario, table_field(data, "rules")) if "rules" in data else (),
    )
    if "sprt" in data:
        definition = _with_sprt(definition, table_field(data, "sprt"), fmt)
    return definition


def check_against_spec(definition: TournamentDefinition, spec: GameSpec) -> None:
    """Check the player count and scenario against the game's spec (the runner calls this)."""
    if not spec.min_players <= definition.players <= spec.max_players:
        raise DefinitionError(
            "players",
            f"{spec.name} takes {spec.min_players}-{spec.max_players} players, "
            f"not {definition.players}",
        )
    check_scenario(definition.scenario, spec)


def canonical_json(definition: TournamentDefinition) -> str:
    """Return the definition as JSON with sorted keys: equal definitions give equal text."""
    return json.dumps(asdict(definition), sort_keys=True, separators=(",", ":"))


def definition_hash(definition: TournamentDefinition) -> str:
    """Return the SHA-256 of :func:`played_fields` as JSON with sorted keys.

    Comments and key order do not count, and neither do ``concurrency`` and ``backend``: they
    change how fast and where a run goes, not what it plays, so a run may resume with others.
    """
    text = json.dumps(played_fields(definition), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def played_fields(definition: TournamentDefinition) -> dict[str, Any]:
    """Return what a run of ``definition`` plays: :func:`canonical_json`'s fields without
    ``concurrency`` and ``backend``, and without the tables a definition leaves unset.

    The format's options are shown as :func:`~tournaments.format_tables.hashed_format_options`
    says: a built-in format's under the flat keys the hash always had.
    """
    what_is_played: dict[str, Any] = json.loads(canonical_json(definition))
    del what_is_played["concurrency"], what_is_played["backend"]
    del what_is_played["format_options"]
    what_is_played.update(hashed_format_options(definition.format, definition.format_options))
    what_is_played["clocks"] = definition.clocks.to_json()  # no margin: the hash it always had
    what_is_played["startup_ms"] = definition.clocks.startup_ms  # where the hash always had it
    for table in ("anchor", "sprt"):  # without them, the hash a definition always had
        if what_is_played[table] is None:
            del what_is_played[table]
    if definition.rules:  # as for anchor and sprt: without rules, the hash it always had
        what_is_played["rules"] = dict(what_is_played["rules"])
    else:
        del what_is_played["rules"]
    if definition.players == 2 or definition.seat_rotation == "cyclic":  # the hash it always had
        del what_is_played["seat_rotation"]  # (two players: both rotations seat alike)
    for bot in what_is_played["bots"]:  # and without a bot's own clocks
        for key in ("decision_ms", "bank_ms"):
            if bot[key] is None:
                del bot[key]
    return what_is_played


def as_stored(definition: TournamentDefinition, stored_hash: str) -> TournamentDefinition | None:
    """Return ``definition`` as the run that stored ``stored_hash`` plays it; None when it is
    another definition.

    That is the definition with the newest seat rotation whose hash is ``stored_hash``: a 3- or
    4-player run created before ``seat_rotation`` existed has the hash without it, and keeps
    the ``cyclic`` rotation it was scheduled with (its keys and seeds are the same either way,
    its seats are not), so it resumes, shows and verifies as it was played.
    """
    for rotation in SEAT_ROTATIONS:
        candidate = replace(definition, seat_rotation=rotation)
        if definition_hash(candidate) == stored_hash:
            return candidate
    return None


def parse_clocks(table: dict[str, Any]) -> Clocks:
    """Return ``[clocks]``: each limit within the clocks' own bounds."""
    defaults = Clocks()
    reject_unknown("clocks.", table, frozenset(Clocks.BOUNDS))
    values = {
        name: int_field(table, f"clocks.{name}", getattr(defaults, name), low, high)
        for name, (low, high) in Clocks.BOUNDS.items()
    }
    return Clocks(**values)


def parse_faults(table: dict[str, Any]) -> FaultPolicy:
    """Return ``[faults]``: the policy and its strikes (the older spelling read too)."""
    reject_unknown("faults.", table, frozenset({"policy", "max_strikes", "strikes"}))
    policy = choice(table, "faults.policy", (*FaultPolicy.KINDS, LEGACY_STRIKES), "forfeit")
    if policy == LEGACY_STRIKES:
        strikes = int_field(table, "faults.strikes", 3, 1, 1000)
        return FaultPolicy(kind="default-action", max_strikes=strikes - 1)
    max_strikes = int_field(table, "faults.max_strikes", FaultPolicy.max_strikes, 0, 1000)
    return FaultPolicy(kind=policy, max_strikes=max_strikes)


def parse_sandbox(table: dict[str, Any]) -> str:
    """Return ``[sandbox]``: a level name, or ``auto``."""
    reject_unknown("sandbox.", table, frozenset({"level"}))
    return choice(table, "sandbox.level", (AUTO, *(level.value for level in Level)), AUTO)


def parse_limits(table: dict[str, Any]) -> Limits:
    """Return ``[limits]``: each limit within the sandbox's own bounds."""
    reject_unknown("limits.", table, frozenset(Limits.BOUNDS))
    defaults = Limits()
    values = {
        name: int_field(table, f"limits.{name}", getattr(defaults, name), low, high)
        for name, (low, high) in Limits.BOUNDS.items()
    }
    return Limits(**values)


def _anchor(table: dict[str, Any], bots: tuple[BotEntry, ...]) -> str | None:
    reject_unknown("ratings.", table, frozenset({"anchor"}))
    anchor = optional_str(table, "ratings.anchor")
    if anchor is not None and anchor not in {bot.name for bot in bots}:
        raise DefinitionError("ratings.anchor", f"{anchor!r} is not a bot name")
    return anchor


def _with_sprt(
    definition: TournamentDefinition, table: dict[str, Any], fmt: Format
) -> TournamentDefinition:
    """Return ``definition`` with the ``[sprt]`` of ``table``, if its format tests pairings."""
    config = _sprt(table)
    if not fmt.tested_pairings(definition):
        raise DefinitionError("sprt", f"needs {sprt_rules()}")
    return replace(definition, sprt=config)


def _sprt(table: dict[str, Any]) -> SprtConfig:
    reject_unknown("sprt.", table, frozenset({"elo0", "elo1", "alpha", "beta", "model"}))
    elo0, elo1 = _number(table, "sprt.elo0", None), _number(table, "sprt.elo1", None)
    alpha = _number(table, "sprt.alpha", SprtConfig.alpha)
    beta = _number(table, "sprt.beta", SprtConfig.beta)
    model = cast(Model, choice(table, "sprt.model", MODELS, SprtConfig.model))
    try:
        return SprtConfig(elo0=elo0, elo1=elo1, alpha=alpha, beta=beta, model=model)
    except ValueError as error:
        raise DefinitionError("sprt", str(error).removeprefix("sprt: ")) from None


def _number(table: dict[str, Any], field: str, default: float | None) -> float:
    """Return the number ``field`` (``default`` when absent; None: required)."""
    key = field.rsplit(".", 1)[-1]
    if key not in table:
        if default is None:
            raise DefinitionError(field, "missing required field")
        return default
    value = table[key]
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise DefinitionError(field, f"expected a number, got {value!r}")
    return float(value)
