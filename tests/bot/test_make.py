"""The Makefile's set-up: `make install` installs the bot alone, `make run` and `make test` (README's
two set-up commands) each do all the set-up they need, from a clone with no virtual environment.

Read with `make -n` (what make would run, run by nothing) on a virtual environment that doesn't exist."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEST_TOOLS = ("pytest", "ruff", "mypy", "hypothesis", "amqtt")

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def planned(target: str, venv: Path) -> list[str]:
    """The commands `make TARGET` would run, one per line (continuations joined)."""
    done = subprocess.run(["make", "-n", "--no-print-directory", f"VENV={venv}", f"PYTHON={sys.executable}", target],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.replace("\\\n", " ").splitlines()


def installs(lines: list[str], venv: Path) -> list[str]:
    """What each `pip install` of the plan installs (its last word)."""
    return [line.split()[-1] for line in lines if re.match(rf"{re.escape(str(venv))}/bin/python -m pip install ", line)]


def test_set_up_weight_make_install_installs_the_bot_without_the_test_tools(tmp_path: Path) -> None:
    """Issue 30: there was no install-only target (`make run` failing on the token was the way to
    `.venv/bin/skald`), and the bot's `.venv` held the test tools (224 MB; 84 MB without them)."""
    venv = tmp_path / "venv"
    plan = planned("install", venv)
    assert f"{sys.executable} -m venv {venv}" in plan
    assert installs(plan, venv) == ["pip", "."], "the bot and its runtime dependencies only"
    assert plan[-1].startswith("echo ") and f"{venv}/bin/skald --help" in plan[-1]
    assert installs(planned("run", venv), venv) == ["pip", "."]


def test_readmes_two_set_up_commands_still_do_all_the_set_up(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    run = planned("run", venv)
    assert f"{sys.executable} -m venv {venv}" in run and run[-1] == f"{venv}/bin/skald run"
    for target in ("test", "lint", "playouts", f"{venv}/.installed-tests"):  # .ci/run makes the last
        plan = planned(target, venv)
        assert f"{sys.executable} -m venv {venv}" in plan, target
        assert installs(plan, venv) == ["pip", ".", "'.[test]'"], target
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "    DISCORD_TOKEN=your-bot-token make run\n" in readme and "    make test\n" in readme
    assert "make .venv/.installed-tests" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_test_tools_are_an_extra_the_bot_does_not_need() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]

    def names(requirements: list[str]) -> set[str]:
        return {re.split(r"[~=<>\[ ]", requirement, maxsplit=1)[0].lower() for requirement in requirements}

    assert set(TEST_TOOLS) <= names(project["optional-dependencies"]["test"])
    assert not names(project["dependencies"]) & set(TEST_TOOLS)
    imported = [path.relative_to(ROOT) for folder in ("bot", "engine", "renderer", "migrations")
                for path in (ROOT / folder).rglob("*.py")
                if re.search(rf"^\s*(?:import|from) ({'|'.join(TEST_TOOLS)})\b", path.read_text(encoding="utf-8"),
                             re.MULTILINE)]
    assert imported == [], "the bot's code imports a test tool, which `make install` leaves out"
