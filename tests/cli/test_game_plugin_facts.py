"""What Ruckus shows of a game comes from its plugin: ``ruckus games GAME`` shows each config
field's bounds, a plugin's ``docs`` may name a file shipped in the game's package (a new bot
project's README points to it), and a new project names the game's sample bot and labels."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from referee.games import get_plugin
from referee.games.registry import docs_location
from tournaments.cli import app
from tournaments.scaffold import create_project


def test_games_shows_each_fields_bounds():
    done = CliRunner().invoke(app, ["games", "liars-dice"])
    assert done.exit_code == 0, done.output
    rows = {line.split()[0]: line.split() for line in done.output.splitlines()[3:] if line}
    assert rows["field"][-1] == "bounds"
    assert rows["dice_per_player"] == ["dice_per_player", "5", "5", "2", "1..10"]
    assert rows["wild_ones"][-2:] == ["true,", "false"]
    wabbit = CliRunner().invoke(app, ["games", "wabbit"]).output
    assert any(line.split()[-1] == "1..3" for line in wabbit.splitlines() if "dice_count" in line)


def test_docs_in_the_game_package_resolve_to_the_installed_file(tmp_path: Path):
    location = docs_location(get_plugin("liars-dice"))
    assert Path(location).is_file() and "Liar's Dice" in Path(location).read_text()
    create_project("teller", "liars-dice", "python", tmp_path)
    assert location in (tmp_path / "teller" / "README.md").read_text()


def test_a_new_project_names_its_own_games_sample_bot_and_labels(tmp_path: Path):
    for language in ("python", "node", "go", "cpp"):
        create_project(f"dice_{language}", "liars-dice", language, tmp_path)
        files = (tmp_path / f"dice_{language}").rglob("*")
        sources = [path for path in files if path.suffix in (".md", ".py", ".js", ".go", ".cpp")]
        text = "".join(path.read_text() for path in sources)
        assert "--bot odds" in text and "greedy" not in text, language
        assert "MOVE(N)" not in text, language
        assert "BID(" in text or language in ("go", "cpp"), language  # their source: generic
