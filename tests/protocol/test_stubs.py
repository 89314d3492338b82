"""The committed Python stubs match proto/: regenerate them and compare byte for byte."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "sdk" / "python" / "ruckus" / "v1"


def test_generated_stubs_are_fresh(tmp_path: Path):
    subprocess.run(
        [sys.executable, str(ROOT / "proto" / "generate.py"), str(tmp_path)],
        check=True,
        timeout=120,
    )
    fresh = tmp_path / "ruckus" / "v1"
    names = sorted(path.name for path in fresh.iterdir() if path.is_file())
    committed = sorted(path.name for path in COMMITTED.iterdir() if path.is_file())
    assert names == committed, "run `make proto`"
    stale = [
        name for name in names if (fresh / name).read_bytes() != (COMMITTED / name).read_bytes()
    ]
    assert stale == [], f"stale stubs {stale}: run `make proto`"


def test_every_proto_file_has_stubs():
    protos = sorted(path.stem for path in (ROOT / "proto" / "ruckus" / "v1").glob("*.proto"))
    assert protos == ["bot", "common", "pilfer", "referee", "wabbit"]
    for stem in protos:
        assert (COMMITTED / f"{stem}_pb2.py").is_file()
