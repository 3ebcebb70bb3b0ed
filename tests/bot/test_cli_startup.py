"""The `skald` command loads only the module of the command it runs: no discord.py or aiohttp
for the terminal tools (only `skald run` needs them), and `skald --help` lists every command."""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from bot.cli import COMMANDS, build_parser, chosen_command, main
from bot.version import version

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("discord", "aiohttp")

# Runs `skald ARGS` in a fresh interpreter, then prints the exit code and the heavy packages loaded.
PROBE = """
import json, sys
from bot.cli import main
try:
    code = main(json.loads(sys.argv[1]))
except SystemExit as stop:
    code = stop.code
loaded = sorted({name.split(".")[0] for name in sys.modules} & set(json.loads(sys.argv[2])))
print("PROBE", json.dumps([code, loaded]))
"""


def run_probe(args: list[str], cwd: Path) -> tuple[object, list[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args), json.dumps(HEAVY)], cwd=cwd,
                          env={"PYTHONPATH": str(ROOT), "PATH": ""}, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120)
    line = next(line for line in done.stdout.splitlines()[::-1] if line.startswith("PROBE "))
    code, loaded = json.loads(line.removeprefix("PROBE "))
    assert "Traceback" not in done.stderr, done.stderr
    return code, loaded


TERMINAL_COMMANDS = {
    "help": ["--help"],
    "rules": ["rules", "nidavellir", "what does hrungnir do"],
    "demo": ["demo", "tranquility", "--players", "2", "--seed", "3"],
    "demo-db": ["demo", "tranquility", "--seed", "3", "--db", "games.db"],
    "play": ["play", "tranquility", "--seed", "3"],  # input ends at once: the game stops
    "play-db": ["play", "tranquility", "--seed", "3", "--db", "games.db"],
    "render-samples": ["render-samples", "--out", "samples", "--game", "tranquility"],
    "db-migrate": ["db", "migrate", "--db", "games.db"],
    "db-verify": ["db", "verify", "--db", "games.db"],
    "export": ["export", "--db", "games.db", "--game-id", "1", "--out", "game.json"],
    "relay-watch": ["relay-watch", "mqtt://127.0.0.1:9/", "--seconds", "0.2"],
}


@pytest.mark.parametrize("args", TERMINAL_COMMANDS.values(), ids=TERMINAL_COMMANDS.keys())
def test_terminal_commands_never_import_discord_or_aiohttp(args: list[str], tmp_path: Path) -> None:
    if args[0] == "db" and args[1] == "verify":
        assert run_probe(["db", "migrate", "--db", "games.db"], tmp_path)[0] == 0
    if args[0] == "export":
        assert run_probe(["demo", "tranquility", "--seed", "3", "--db", "games.db"], tmp_path)[0] == 0
    code, loaded = run_probe(args, tmp_path)
    assert code in (0, 1), f"skald {' '.join(args)} ended with {code}"
    assert loaded == [], f"skald {' '.join(args)} imported {loaded}"


def test_the_probe_does_see_discord_when_skald_run_loads_it(tmp_path: Path) -> None:
    assert run_probe(["run", "--help"], tmp_path) == (0, sorted(HEAVY))


def test_skald_help_lists_every_command_without_loading_any(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser(None)
    with pytest.raises(SystemExit):
        parser.parse_args(["--help"])
    listing = capsys.readouterr().out
    for name, command in COMMANDS.items():
        assert name in listing and command.help in listing


@pytest.mark.parametrize("module", sorted({c.module for c in COMMANDS.values()}))
def test_each_command_module_registers_exactly_the_commands_the_table_names(module: str) -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    importlib.import_module(module).register(sub)
    listed = {action.dest: action.help for action in sub._choices_actions}
    assert listed == {name: c.help for name, c in COMMANDS.items() if c.module == module}


def test_the_command_is_the_first_word_that_is_not_an_option() -> None:
    assert chosen_command(["-h"]) is None and chosen_command([]) is None
    assert chosen_command(["rules", "demo"]) == "rules"
    assert chosen_command(["--help", "demo"]) == "demo"


def test_whats_running_skald_version_is_an_error_no_more(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: `skald --version` was an error. It prints the installed version (the distribution's
    metadata: pyproject.toml's number, read in one place) and loads no command."""
    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr() == (f"skald {metadata.version('skald')}\n", "")
    assert version() == metadata.version("skald")
    assert run_probe(["--version"], tmp_path) == (0, [])
    with pytest.raises(SystemExit):
        build_parser(None).parse_args(["--help"])
    assert "--version" in capsys.readouterr().out


def test_the_version_is_written_in_pyproject_alone() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project.get("dynamic", []) and project["version"]
    written = [path.relative_to(ROOT) for folder in ("bot", "engine", "renderer")
               for path in (ROOT / folder).rglob("*.py") if "__version__" in path.read_text(encoding="utf-8")]
    assert written == [], "bot/version.py reads the version; nothing else keeps one"
