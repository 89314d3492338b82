"""The TLS and token fields of an address bot in a tournament definition::

    [[bots]]
    name = "far"
    address = "grpcs://bots.example.org:50061"
    ca = "certs/ca.pem"                  # the CA to trust (default: the system's roots)
    token_env = "FAR_TOKEN"              # the NAME of the variable holding the token
    client_cert = "certs/referee.pem"    # mutual TLS: both or neither
    client_key = "certs/referee.key"

The token itself never goes in the file. Relative paths are taken from the folder ``ruckus``
runs in, like a ``command`` and its ``dir``. ``ca`` and the client certificate need a
``grpcs://`` address; a token may go to a ``grpc://`` (plaintext) bot on a loopback host only.
"""

from __future__ import annotations

from typing import Any

from referee.transport.security import ENV_NAME, is_loopback, split_host
from tournaments.toml_fields import DefinitionError, str_field

SECURITY_KEYS = ("ca", "token_env", "client_cert", "client_key")
"""The fields, in the order they are checked."""
_FILE_KEYS = ("ca", "client_cert", "client_key")


def security_fields(entry: dict[str, Any], field: str) -> dict[str, str | None]:
    """Return the bot table ``entry``'s TLS and token fields (None when absent); ``field`` is
    the table's path, e.g. ``bots[2]``."""
    values: dict[str, str | None] = {key: None for key in SECURITY_KEYS}
    present = [key for key in SECURITY_KEYS if key in entry]
    if not present:
        return values
    if "address" not in entry:
        raise DefinitionError(f"{field}.{present[0]}", "only an address bot has TLS or a token")
    for key in present:
        values[key] = str_field(entry, f"{field}.{key}")
    scheme, _, address = str(entry["address"]).partition("://")
    for key in _FILE_KEYS:
        if values[key] is not None and scheme != "grpcs":
            raise DefinitionError(f"{field}.{key}", "needs a grpcs:// address")
    if (values["client_cert"] is None) != (values["client_key"] is None):
        missing = "client_key" if values["client_key"] is None else "client_cert"
        raise DefinitionError(f"{field}.{missing}", "client_cert and client_key go together")
    _check_token_env(values["token_env"], scheme, split_host(address), f"{field}.token_env")
    return values


def _check_token_env(name: str | None, scheme: str, host: str, field: str) -> None:
    """Refuse a token variable's name that is not one, or a token sent in the clear."""
    if name is None:
        return
    if not ENV_NAME.match(name):
        raise DefinitionError(
            field, f"{name!r}: expected the NAME of the environment variable that holds the token"
        )
    if scheme != "grpcs" and not is_loopback(host):
        raise DefinitionError(
            field, "a token over grpc:// would cross the network in the clear: use grpcs://"
        )
