"""Rules text, one JSON file per game (format in docs/rules.md); a package so it ships as package data."""
