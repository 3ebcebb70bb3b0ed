"""Splitting an entry's text into pages that fit a Discord embed."""

from __future__ import annotations

from bot.rules.book import Entry

EMBED_DESCRIPTION_LIMIT = 4096


def _split(text: str, limit: int, separator: str) -> list[str]:
    """Greedily pack pieces of `text` cut at `separator` into chunks of at most `limit`."""
    chunks: list[str] = []
    current = ""
    for piece in text.split(separator):
        candidate = piece if not current else current + separator + piece
        if len(candidate) <= limit:
            current = candidate
            continue
        if current:
            chunks.append(current)
        current = piece
    if current:
        chunks.append(current)
    return chunks


def pages(entry: Entry, limit: int = EMBED_DESCRIPTION_LIMIT) -> list[str]:
    """The entry's text as pages of at most `limit` characters, cut at paragraphs, lines, then words."""
    if limit < 20:
        raise ValueError("a page must hold at least 20 characters")
    result: list[str] = []
    for paragraph_chunk in _split(entry.text, limit, "\n\n"):
        if len(paragraph_chunk) <= limit:
            result.append(paragraph_chunk)
            continue
        for line_chunk in _split(paragraph_chunk, limit, "\n"):
            if len(line_chunk) <= limit:
                result.append(line_chunk)
                continue
            for word_chunk in _split(line_chunk, limit, " "):
                # A single word longer than a page is cut where it must be.
                result.extend(word_chunk[i : i + limit] for i in range(0, len(word_chunk), limit))
    return result or [entry.text[:limit]]
