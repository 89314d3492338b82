"""Backends on the command line: ``--backend NAME``, ``--backend-option NAME=VALUE`` for that
backend's own options, and ``ruckus backends``, which lists the installed backends.

The command line knows no backend's options: each backend declares and parses its own
(:class:`~tournaments.runner.backends.base.BackendPlugin`), so an installed backend's options
work with no change here. The one exception is an older spelling kept for the scripts that use
it: ``--ray-address A`` (hidden from ``--help``) means ``--backend ray --backend-option
address=A``.
"""

from __future__ import annotations

from typing import Annotated

import typer

from tournaments.runner.backends.base import BackendError
from tournaments.runner.backends.placement import Placement
from tournaments.runner.backends.registry import get_backend, installed_backends, load_problems

BackendName = Annotated[
    str | None,
    typer.Option(
        "--backend",
        help="Where matches run: local, ray or another installed backend (ruckus backends "
        "lists them; default: the definition's, else local).",
    ),
]
BackendOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--backend-option",
        metavar="NAME=VALUE",
        help="An option of the backend --backend names, e.g. address=HOST:PORT for ray "
        "(repeatable; ruckus backends lists each backend's).",
    ),
]

RayAddress = Annotated[
    str | None,
    typer.Option(
        "--ray-address",
        hidden=True,
        help="The older spelling of --backend ray --backend-option address=ADDRESS.",
    ),
]
OLDER_RAY_SPELLING = "ray"
"""The backend ``--ray-address`` names."""


def _given(options: list[str]) -> dict[str, str]:
    """Return ``NAME=VALUE`` items as a mapping; a usage error for an item without ``=``."""
    given = {}
    for item in options:
        name, equals, value = item.partition("=")
        if not equals or not name:
            raise typer.BadParameter(
                f"{item!r}: expected NAME=VALUE", param_hint="'--backend-option'"
            )
        given[name] = value
    return given


def placement(
    backend: str | None, options: list[str] | None, ray_address: str | None = None
) -> Placement:
    """Return where the command's matches go: ``--backend`` (an installed backend's name,
    else the definition's) with its ``--backend-option`` items, parsed by the backend (and
    ``--ray-address``, the older spelling of the Ray backend's address)."""
    if ray_address is not None:
        if backend not in (None, OLDER_RAY_SPELLING):
            raise typer.BadParameter(f"only with --backend ray, not {backend}")
        backend = OLDER_RAY_SPELLING
        options = [*(options or []), f"address={ray_address}"]
    if backend is None:
        if options:
            raise typer.BadParameter("needs --backend NAME", param_hint="'--backend-option'")
        return Placement()
    try:
        plugin = get_backend(backend)
    except BackendError as error:
        raise typer.BadParameter(str(error), param_hint="'--backend'") from None
    if not options:
        return Placement(backend)
    try:
        return Placement(backend, plugin.parse_options(_given(options)))
    except BackendError as error:
        raise typer.BadParameter(str(error), param_hint="'--backend-option'") from None


def list_backends() -> None:
    """List the backends: where each one runs matches, whether it works here, and the options
    it takes (--backend-option NAME=VALUE)."""
    plugins = installed_backends()
    width = max((len(plugin.name) for plugin in plugins), default=0)
    indent = " " * (width + 2)
    for plugin in plugins:
        typer.echo(f"{plugin.name:{width}}  {plugin.summary}")
        problem = plugin.unavailable()
        typer.echo(f"{indent}{'works here' if problem is None else f'unavailable: {problem}'}")
        for option in plugin.takes:
            typer.echo(f"{indent}--backend-option {option.name}={option.metavar}: {option.help}")
    for problem in load_problems():
        typer.echo(f"warning: {problem}", err=True)


def register(app: typer.Typer) -> None:
    """Add ``ruckus backends`` to ``app``."""
    app.command("backends")(list_backends)
