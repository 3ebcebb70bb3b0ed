"""Each game's options are declared once (engine.core.OptionSpec): `skald play/demo --option` and
`/tournament create options:` read them with it, `--help` and the terminal header say them from
it, `/play` offers its choices and the lobby shows them (issue 30)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from bot.discord.lobby import options_text
from bot.discord.opening import _play_command
from bot.discord.tournaments import parse_options
from bot.tables.types import LOBBY, GameInfo
from engine import registry
from engine.errors import BadOptions


@pytest.fixture
def cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for name in ("SKALD_DB", "SKALD_MQTT_URL", "SKALD_MQTT_USERNAME", "SKALD_MQTT_PASSWORD", "SKALD_MQTT_PICTURES"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


@pytest.mark.parametrize("command", ["demo", "play"])
def test_an_on_off_option_refuses_y_with_what_it_takes(command: str, cwd: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: `--option idavoll=y` turned Idavoll off without a word."""
    assert main([command, "nidavellir", "--option", "idavoll=y"]) == 2
    assert capsys.readouterr() == ("", "idavoll takes on/off, not 'y'.\n")


@pytest.mark.parametrize(("typed", "said"), [
    ("idavol=on", "Nidavellir has no option 'idavol'; its options are: thingvellir, idavoll."),
    ("idavoll", "idavoll needs a value (idavoll=VALUE): it takes on/off."),
])
def test_an_unknown_option_name_is_named_not_blamed_on_the_format(typed: str, said: str, cwd: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: an unknown name was answered "Options are given as name=value"."""
    assert main(["demo", "nidavellir", "--option", typed]) == 2
    assert capsys.readouterr() == ("", said + "\n")


@pytest.mark.parametrize("command", ["demo", "play"])
def test_play_help_lists_every_games_options(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: `--help` named no option; now each game's, with the values each takes."""
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    listing = " ".join(capsys.readouterr().out.split())  # as one line: the help wraps to the terminal
    for name in registry.names():
        assert f" {name}: " in listing
        for spec in registry.get(name).options():
            assert spec.describe() in listing


@pytest.mark.parametrize("saved", [False, True], ids=["in-memory", "saved"])
def test_the_header_says_which_options_are_on(saved: bool, cwd: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: the game's header never said which options were on."""
    kept = ["--db", "games.db"] if saved else []
    assert main(["demo", "nidavellir", "--seed", "3", "--option", "idavoll=on", *kept]) == 0
    lines = capsys.readouterr().out.splitlines()
    lines = lines[1:] if saved else lines  # "New game #1."
    assert lines[0] == ("Nidavellir, 2 players, saved in games.db" if saved else "Nidavellir, 2 players, seed 3")
    assert lines[1] == "Options: thingvellir=off, idavoll=on"
    assert main(["demo", "tranquility", "--seed", "3", "--option", "jagged_rocks=automatic", *kept]) == 0
    said = capsys.readouterr().out
    assert "\nOptions: sea_monsters=0, jagged_rocks=auto, removed_islands=0\n" in said


def test_tournament_options_are_read_by_the_same_declaration() -> None:
    assert parse_options("nidavellir", "Idavoll=ON, thingvellir=no") == {"idavoll": True, "thingvellir": False}
    for typed, said in (("idavoll=y", "idavoll takes on/off, not 'y'."),
                        ("idavol=on", "Nidavellir has no option 'idavol'; its options are: thingvellir, idavoll.")):
        with pytest.raises(BadOptions) as refused:
            parse_options("nidavellir", typed)
        assert refused.value.reason == said


@pytest.mark.parametrize("key", registry.names())
def test_play_offers_the_declared_choices_with_their_descriptions(key: str) -> None:
    specs = registry.get(key).options()
    command = _play_command(registry.get(key))
    offered = {p.name: p for p in command.parameters}
    for spec in specs:
        parameter = offered[spec.name]
        assert parameter.description == spec.description[:100]
        if spec.on_off:
            assert parameter.type.name == "boolean" and not parameter.choices
        else:
            assert [(c.name, c.value) for c in parameter.choices] == [(spec.shown(v), v) for v in spec.choices]


def test_the_lobby_shows_each_option_as_the_declaration_says_it() -> None:
    info = GameInfo(game_id=1, guild_id=1, channel_id=1, thread_id=None, game="tranquility", title="Tranquility",
                    options={"jagged_rocks": "auto", "sea_monsters": 3}, status=LOBBY, state_id=0, host_id=1,
                    seats=(), to_move=(), min_players=1, max_players=5, outcome=None, lobby_message_id=None,
                    created_at=0.0, updated_at=0.0)
    assert options_text(info) == "Sea monsters: **3**\nJagged rocks: **automatic**\nRemoved islands: **0**"
