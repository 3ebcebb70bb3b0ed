"""bot/environment.py: every environment variable declared once, README's table listing them, and
no other module of bot/, renderer/ or engine/ reading the environment."""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import environment
from bot.environment import (
    DEFAULT_DB,
    NO,
    SKALD_DB,
    SKALD_RENDER_BOT_PID,
    VARIABLES,
    YES,
    BadValue,
    Number,
    Switch,
    Variable,
    handed_down,
)
from bot.tables.cli import default_db

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("bot", "renderer", "engine")
HOME = ROOT / "bot" / "environment.py"
# What reads (or changes) the process's environment; os.environ.get and the rest go through these.
READERS = frozenset({"environ", "environb", "getenv", "getenvb", "putenv", "unsetenv"})


def modules() -> Iterator[tuple[Path, ast.Module]]:
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def readme_rows(page: str = "README.md") -> list[tuple[str, str]]:
    """(variable, meaning) of each row of the table of the bot's variables in README (or `page`)."""
    text = (ROOT / page).read_text(encoding="utf-8")
    table = text.split("| variable | meaning |\n|---|---|\n", 1)[1].split("\n\n", 1)[0]
    rows = []
    for line in table.splitlines():
        name, meaning = line.removeprefix("| ").removesuffix(" |").split(" | ", 1)
        rows.append((name.strip("`"), meaning))
    return rows


def test_readmes_table_lists_every_declared_variable_with_its_help() -> None:
    declared = [(v.name, v.help) for v in VARIABLES if not v.internal]
    expected = "\n".join(f"| `{name}` | {help} |" for name, help in declared)
    assert readme_rows() == declared, f"README's table of variables should read:\n{expected}"


def test_docs_discord_settings_table_lacks_skald_shards_and_skald_mqtt_pictures_no_more() -> None:
    """Issue 30: docs/discord.md's settings missed SKALD_SHARDS and SKALD_MQTT_PICTURES. Its table is
    the declarations too, as README's is."""
    declared = [(v.name, v.help) for v in VARIABLES if not v.internal]
    expected = "\n".join(f"| `{name}` | {help} |" for name, help in declared)
    assert readme_rows("docs/discord.md") == declared, f"docs/discord.md's table of variables should read:\n{expected}"


def test_each_variable_is_declared_once_under_its_own_name() -> None:
    names = [v.name for v in VARIABLES]
    assert len(set(names)) == len(names)
    constants = {name: value for name, value in vars(environment).items() if isinstance(value, Variable)}
    assert sorted(constants) == sorted(names), "each Variable is a constant named as the variable, in VARIABLES"
    assert all(constants[v.name] is v for v in VARIABLES)


def test_no_other_module_reads_the_environment() -> None:
    found = []
    for path, tree in modules():
        if path == HOME:
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr in READERS
                    and isinstance(node.value, ast.Name) and node.value.id == "os"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} os.{node.attr}")
            elif isinstance(node, ast.ImportFrom) and node.module == "os":
                found += [f"{path.relative_to(ROOT)}:{node.lineno} from os import {alias.name}"
                          for alias in node.names if alias.name in READERS]
    assert not found, "read environment variables through bot/environment.py"


def test_every_declared_variable_is_used_and_the_default_database_is_named_once() -> None:
    imported: set[str] = set()
    defines_default = []
    for path, tree in modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "bot.environment":
                imported |= {alias.name for alias in node.names}
            elif isinstance(node, ast.Assign) and any(
                    isinstance(target, ast.Name) and target.id == "DEFAULT_DB" for target in node.targets):
                defines_default.append(path.relative_to(ROOT))
    assert [v.name for v in VARIABLES if v.name not in imported] == []
    assert defines_default == [HOME.relative_to(ROOT)]


def test_a_value_is_trimmed_and_a_blank_one_is_the_default() -> None:
    assert SKALD_DB.value({}) == SKALD_DB.value({"SKALD_DB": "  "}) == DEFAULT_DB == "skald.sqlite3"
    assert SKALD_DB.value({"SKALD_DB": " games.db "}) == "games.db"
    assert environment.SKALD_MQTT_PASSWORD.text({"SKALD_MQTT_PASSWORD": " mead "}) == " mead "
    assert environment.SKALD_GUILD.value({}) == environment.SKALD_GUILD.text({}) == ""


def test_without_a_mapping_a_variable_reads_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKALD_DB", "elsewhere.db")
    assert SKALD_DB.value() == default_db() == "elsewhere.db"
    monkeypatch.delenv("SKALD_DB")
    assert default_db() == DEFAULT_DB, "`skald db` and the bot default to the same file"


@pytest.mark.parametrize("before", [None, "41"])
def test_a_handed_down_variable_is_as_it_was_afterwards(monkeypatch: pytest.MonkeyPatch, before: str | None) -> None:
    name = SKALD_RENDER_BOT_PID.name
    if before is None:
        monkeypatch.delenv(name, raising=False)
    else:
        monkeypatch.setenv(name, before)
    with handed_down(SKALD_RENDER_BOT_PID, "42"):
        assert SKALD_RENDER_BOT_PID.text() == "42"
    assert os.environ.get(name) == before


SWITCHES = [v for v in VARIABLES if isinstance(v, Switch)]


@pytest.mark.parametrize("switch", SWITCHES, ids=[v.name for v in SWITCHES])
def test_every_yes_no_variable_takes_the_usual_words_and_refuses_others_by_name(switch: Switch) -> None:
    for word in YES:
        for written in (word, word.upper(), f" {word.title()} "):
            assert switch.on({switch.name: written}) is True, written
    for word in (*NO, "", "  "):
        assert switch.on({switch.name: word.upper()}) is False, word
    assert switch.on({}) is False
    with pytest.raises(BadValue) as refused:
        switch.on({switch.name: "maybe"})
    assert str(refused.value) == f"{switch.name} must be yes or no (or 1/0, true/false, on/off), not 'maybe'."
    assert "`yes`" in switch.help, "README says which word turns it on"


NUMBERS = [v for v in VARIABLES if isinstance(v, Number)]


@pytest.mark.parametrize("number", NUMBERS, ids=[v.name for v in NUMBERS])
def test_every_number_states_its_range_once_in_its_help_and_refuses_what_is_past_it(number: Number) -> None:
    """Issue 42: SKALD_AI_SECONDS's range was written twice (README's help and app.py), and
    SKALD_RENDER_PROCESSES=abc was read as one per CPU. The range is declared with the variable;
    its help says it, and anything else is refused naming the variable and what it takes."""
    assert "{range}" not in number.help
    if number.kind:  # a server id says what it is instead
        assert number.name == "SKALD_GUILD"
    else:
        assert number.takes in number.help
    assert number.number({number.name: f" {int(number.high)} "}) == int(number.high)
    for wrong in ("abc", "4O", "-1", str(number.high * 2), "nan", "inf", "1_0", "４", "1e999"):
        with pytest.raises(BadValue) as refused:
            number.number({number.name: wrong})
        what = number.kind or f"from {number.takes}"
        assert str(refused.value).startswith(f"{number.name} must be ") and f"{what}, not {wrong!r}." in str(
            refused.value)


def test_render_processes_take_a_whole_number_from_0_to_16_or_one_per_cpu_unset() -> None:
    processes = environment.SKALD_RENDER_PROCESSES
    assert processes.number({}) is None and processes.number({processes.name: "0"}) == 0
    with pytest.raises(BadValue, match=r"^SKALD_RENDER_PROCESSES must be a whole number from 0 to 16, not '17'\.$"):
        processes.number({processes.name: "17"})


def test_check_reads_every_variable_and_names_the_first_it_cant_read() -> None:
    environment.check({})
    environment.check({"SKALD_GUILD": "42", "SKALD_MQTT_PICTURES": "yes", "SKALD_AI_SECONDS": "2"})
    with pytest.raises(BadValue, match=r"^SKALD_GUILD must be a server id"):
        environment.check({"SKALD_GUILD": "my server", "SKALD_RENDER_PROCESSES": "abc"})
    with pytest.raises(BadValue, match=r"^SKALD_RENDER_PROCESSES"):
        environment.check({"SKALD_RENDER_PROCESSES": "abc", "SKALD_AI_SECONDS": "fast"})
