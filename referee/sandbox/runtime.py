"""Which folders a sandboxed bot needs to read besides its own: the system and the runtimes.

A bot sees the system's runtime files (``/usr``, ``/etc`` and the merged-usr links), the
Python that runs the harness with its virtual environment (so Python bots import the SDK,
gRPC and the rules engines as forward models), the installed sources of the SDK and the
engines, the game packages its starter names (wherever they are installed from: an editable
install's source folder too), the Node.js SDK when it sits beside the Python one, and the
installation folder of the bot's own executable when it lives outside the system folders.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path

SYSTEM_FOLDERS = ("/usr", "/etc")
"""Bound read-only at the same place."""
MERGED_USR = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
"""Links into ``/usr`` on merged-usr systems, real folders on older ones."""
NODE_SDK_VARIABLE = "RUCKUS_NODE_SDK"
"""Where a Node.js bot finds the SDK (``require(process.env.RUCKUS_NODE_SDK || 'ruckus-sdk')``)."""
_PACKAGES = ("ruckus", "sample_bots", "grpc", "google")
_REFEREE = Path(__file__).resolve().parents[1]
"""The rules engines' package, found by this file's own place (an import of ``referee`` could
find a test folder of that name first)."""


def _package_folders(name: str) -> list[Path]:
    """Return the folders a top-level package is imported from (none if it is absent)."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return []
    if spec is None or spec.submodule_search_locations is None:
        return []
    return [Path(location) for location in spec.submodule_search_locations]


def _is_system(path: Path) -> bool:
    return any(path.is_relative_to(folder) for folder in (*SYSTEM_FOLDERS, *MERGED_USR))


def executable_home(command: str) -> Path | None:
    """Return the installation folder of ``command`` when it is outside the system folders.

    That is the parent of its ``bin`` folder (``/opt/go/bin/go`` -> ``/opt/go``), else its
    own folder.
    """
    found = shutil.which(command)
    if found is None:
        return None
    real = Path(found).resolve()
    if _is_system(real):
        return None
    return real.parent.parent if real.parent.name == "bin" else real.parent


def node_sdk_folder() -> Path | None:
    """Return the Node.js SDK beside the Python one (``sdk/node`` of a checkout), if it is there.

    Every bot the harness starts is told where it is in :data:`NODE_SDK_VARIABLE`.
    """
    for sdk in _package_folders("ruckus"):
        node_sdk = sdk.parent.parent / "node"
        if (node_sdk / "package.json").is_file():
            return node_sdk
    return None


def runtime_folders(argv0: str, extra: Iterable[Path] = ()) -> list[Path]:
    """Return the folders outside the system ones that a bot started as ``argv0`` may read,
    with the ``extra`` folders its starter names (the installed game packages)."""
    folders = [Path(sys.prefix), Path(sys.base_prefix), Path(sys.executable).resolve().parent]
    folders.extend(extra)
    folders.append(_REFEREE)
    for name in _PACKAGES:
        folders.extend(_package_folders(name))
    node_sdk = node_sdk_folder()
    if node_sdk is not None:
        folders += [node_sdk, node_sdk.parent.parent / "proto"]  # it loads the .proto files
    home = executable_home(argv0)
    if home is not None:
        folders.append(home)
    return _outermost(folder for folder in folders if not _is_system(folder))


def _outermost(folders: Iterable[Path]) -> list[Path]:
    """Return ``folders`` without duplicates and without folders inside another one."""
    unique = sorted({folder.resolve() for folder in folders if folder.exists()})
    kept: list[Path] = []
    for folder in unique:
        if not any(folder.is_relative_to(outer) for outer in kept):
            kept.append(folder)
    return kept
