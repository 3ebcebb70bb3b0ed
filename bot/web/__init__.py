"""Spectator web pages: a live page per game, a replay scrubber, a page per server (docs/web.md).

`links` (making and checking a game's link) is all the bot's Discord side needs, and imports
no aiohttp; `server` is the aiohttp application `skald web` (and `skald run` with
SKALD_WEB_PORT) serves.
"""
