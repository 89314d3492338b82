"""Generate the Python stubs of the ``ruckus.v1`` protocol into the Python SDK.

Usage: ``python proto/generate.py [OUT_DIR]`` (default: ``sdk/python``). The stubs land in
``OUT_DIR/ruckus/v1``. Needs ``grpcio-tools`` (a development dependency only).
"""

from __future__ import annotations

import sys
from pathlib import Path

PROTO_ROOT = Path(__file__).resolve().parent
DEFAULT_OUT = PROTO_ROOT.parent / "sdk" / "python"


def proto_files() -> list[Path]:
    """Return the protocol's .proto files in a stable order."""
    return sorted((PROTO_ROOT / "ruckus" / "v1").glob("*.proto"))


def generate(out_dir: Path) -> None:
    """Run protoc on every .proto file, writing messages, services and type stubs to ``out_dir``."""
    import grpc_tools
    from grpc_tools import protoc

    include = Path(grpc_tools.__file__).resolve().parent / "_proto"
    out_dir.mkdir(parents=True, exist_ok=True)
    args = [
        "protoc",
        f"-I{PROTO_ROOT}",
        f"-I{include}",
        f"--python_out={out_dir}",
        f"--pyi_out={out_dir}",
        f"--grpc_python_out={out_dir}",
        *(str(path.relative_to(PROTO_ROOT)) for path in proto_files()),
    ]
    if protoc.main(args) != 0:
        raise RuntimeError("protoc failed")
    package = out_dir / "ruckus" / "v1"
    (package / "__init__.py").write_text('"""Generated protocol stubs (do not edit)."""\n')


if __name__ == "__main__":
    generate(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUT)
