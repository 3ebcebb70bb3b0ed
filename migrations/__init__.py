"""Numbered SQL migrations of the Skald store (0001_init.sql, ...), shipped as package data.

A package (not a loose folder) so a non-editable `pip install .` carries the files;
`bot.store.migrate` reads them with importlib.resources. See docs/storage.md.
"""
