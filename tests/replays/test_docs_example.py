"""docs/replays.md's example export is a whole export, and `skald replay` plays it through."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.cli import main
from bot.replays import read_export

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "replays.md"


def docs_example() -> str:
    """The JSON block under docs/replays.md's "The export file", as written there."""
    section = DOC.read_text(encoding="utf-8").split("\n## The export file\n", 1)[1]
    found = re.search(r"\n```json\n(.*?)\n```\n", section, re.DOTALL)
    assert found is not None, "docs/replays.md shows an export under “The export file”"
    return found.group(1)


def test_docs_replays_example_export_no_longer_replays_no_more(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: the example export said "Change 1 no longer replays". The docs' text, as written,
    goes through `skald replay` to the result it records."""
    text = docs_example()
    log = read_export(text)
    assert log.seed is not None and log.status == "finished", "a finished game's export: the kind that replays"
    path = tmp_path / "skald-nidavellir-1.json"
    path.write_text(text + "\n", encoding="utf-8")
    assert main(["replay", str(path), "--auto", "0"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    changes = json.loads(text)["changes"]
    assert out.count("── Move ") == len(changes) and "Seat 1" not in out
    assert out.rstrip().endswith("── Result ──\nAstrid resigned; Bjorn, Sigrid win.")
