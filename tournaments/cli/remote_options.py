"""The options that say how to reach ``grpcs://`` bots, shared by ``ruckus play`` and
``ruckus bot check``: the CA to trust, the variable holding the token, a client certificate."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from referee.transport.security import ClientSecurity

PANEL = "Remote bots (grpcs://)"

CaOption = Annotated[
    Path | None,
    typer.Option(
        "--ca",
        help="PEM file of the CA that signed the grpcs:// bots' certificates "
        "(default: the system's roots).",
        rich_help_panel=PANEL,
    ),
]
TokenEnvOption = Annotated[
    str | None,
    typer.Option(
        "--token-env",
        metavar="NAME",
        help="Name of the environment variable holding the token for grpcs:// bots.",
        rich_help_panel=PANEL,
    ),
]
ClientCertOption = Annotated[
    Path | None,
    typer.Option(
        "--client-cert",
        help="Client certificate (PEM) for grpcs:// bots that ask for one (mutual TLS).",
        rich_help_panel=PANEL,
    ),
]
ClientKeyOption = Annotated[
    Path | None,
    typer.Option("--client-key", help="The key of --client-cert (PEM).", rich_help_panel=PANEL),
]


def grpcs_security(
    bots: Sequence[str],
    ca: Path | None,
    token_env: str | None,
    client_cert: Path | None,
    client_key: Path | None,
) -> ClientSecurity | None:
    """Return how to reach the ``grpcs://`` bots among ``bots`` (None when there are none).

    Options given without any ``grpcs://`` bot are refused rather than ignored.
    """
    if not any(bot.startswith("grpcs://") for bot in bots):
        options = (
            ("--ca", ca),
            ("--token-env", token_env),
            ("--client-cert", client_cert),
            ("--client-key", client_key),
        )
        given = [name for name, value in options if value is not None]
        if given:
            raise typer.BadParameter(f"{', '.join(given)}: only for grpcs:// bots; none given")
        return None
    return ClientSecurity(
        tls=True,
        ca=None if ca is None else str(ca),
        token_env=token_env,
        client_cert=None if client_cert is None else str(client_cert),
        client_key=None if client_key is None else str(client_key),
    )
