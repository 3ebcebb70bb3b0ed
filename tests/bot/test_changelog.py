"""CHANGELOG.md, kept from 0.2.0 on (issue 30, "What's running?"): Keep a Changelog's shape, an
Unreleased section first, and the newest release is the version pyproject.toml gives."""

from __future__ import annotations

import re
import tomllib
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KINDS = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")  # Keep a Changelog's
RELEASE = re.compile(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$")


def test_whats_running_there_is_no_changelog_no_more() -> None:
    """Issue 30: there was no CHANGELOG. It has an Unreleased section for what is merged next, then
    the releases, newest first, each a version and a date; the newest is pyproject.toml's version."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## .*$", text, re.MULTILINE)
    assert headings[0] == "## [Unreleased]"
    releases = [RELEASE.match(heading) for heading in headings[1:]]
    assert all(releases), headings
    versions = [tuple(int(n) for n in m.group(1).split(".")) for m in releases if m]
    dates = [date.fromisoformat(m.group(2)) for m in releases if m]
    assert versions == sorted(versions, reverse=True) and dates == sorted(dates, reverse=True)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert releases[0] is not None and releases[0].group(1) == project["version"]
    kinds = re.findall(r"^### (.*)$", text, re.MULTILINE)
    assert kinds and set(kinds) <= set(KINDS), kinds
    assert "Issue 30" in text.split(headings[1], 1)[1].split("\n## ", 1)[0]
