"""``ruckus formats``: every installed format with its summary and its table's keys."""

from __future__ import annotations

from typer.testing import CliRunner

from tournaments.cli import app


def test_formats_lists_each_format_and_its_table():
    done = CliRunner().invoke(app, ["formats"])
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    names = [line.split()[0] for line in lines if not line.startswith(" ")]
    assert {"round-robin", "double-round-robin", "gauntlet", "knockout", "swiss"} <= set(names)
    assert names == sorted(names)
    knockout = lines.index(next(line for line in lines if line.startswith("knockout ")))
    assert "(players = 2)" in lines[knockout]
    assert lines[knockout + 1] == "  [knockout]"
    assert lines[knockout + 2].startswith('  seeding = "order"   # order | rating')
    assert lines[knockout + 3].startswith("  tiebreak_games = 4  # ")
    assert "  rounds = ceil(log2(bots))  # rounds to play, 1 to bots - 1" in lines
    assert "  [round-robin]" not in lines


def test_formats_of_one_format_and_of_an_unknown_one():
    swiss = CliRunner().invoke(app, ["formats", "swiss"])
    assert swiss.exit_code == 0 and swiss.output.splitlines()[1:] == [
        "  [swiss]",
        "  rounds = ceil(log2(bots))  # rounds to play, 1 to bots - 1",
    ]
    done = CliRunner().invoke(app, ["formats", "ladder"])
    assert done.exit_code == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "FORMAT: unknown format 'ladder'; known formats: " in lines[0]
