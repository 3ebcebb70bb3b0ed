"""`/rules`: look a rule up, privately, and share it with the channel if you like.

The answer is an ephemeral embed of the best entry, paged when long, listing the next matches
below it with a button each, so an answer that came second is one click away. Its buttons carry
`skald:rules:<entry key>:<page>:<action>[:<match keys>]` custom ids and are handled by a
persistent DynamicItem, so they keep working after a restart (a key is
`bot.rules.index.entry_key`; the match keys, the question's ranked entries, keep the list of
matches under the answer while the reader pages or opens another match).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.context import Interaction
from bot.discord.replies import answer_error, refuse
from bot.rules.book import Entry
from bot.rules.games import GAMES, display_name
from bot.rules.index import RulesIndex, entry_key
from bot.rules.pages import pages

ALL = "all"
COG_NAME = "Rules"
QUERY_MAX = 300
CHOICE_LIMIT = 100  # Discord's limit on an autocomplete choice's name and value
LABEL_LIMIT = 80  # Discord's limit on a button label
OTHER_MATCHES = 4  # runner-up entries listed, each with a button, under an answer
KEY_LENGTH = 12  # hex digits of an entry_key; a custom id carries the keys of up to 1 + OTHER_MATCHES matches
EMBED_LIMIT = 6000  # Discord's limit on an embed's text altogether
FIELD_LIMIT = 1024  # Discord's limit on an embed field's value
MATCHES_FIELD = "Other matches"
GAME_CHOICES = [app_commands.Choice(name=name, value=key) for key, name in GAMES.items()]
GAME_CHOICES.append(app_commands.Choice(name="All games", value=ALL))


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _others(entry: Entry, matches: Sequence[Entry]) -> list[tuple[int, Entry]]:
    """The matches other than `entry`, with their rank for the question (1 = best), at most OTHER_MATCHES."""
    ranked = enumerate(matches[: 1 + OTHER_MATCHES], start=1)
    return [(rank, match) for rank, match in ranked if match.id != entry.id][:OTHER_MATCHES]


def _where(entry: Entry, game: str) -> str:
    """An entry's section, with its game's name when that is another game than the one shown."""
    parts = (*(() if entry.game == game else (display_name(entry.game),)), *entry.path)
    return " › ".join(parts) or display_name(entry.game)


def rules_embed(entry: Entry, page: int = 0, *, shared_by: str | None = None,
                matches: Sequence[Entry] = ()) -> discord.Embed:
    """The embed showing one page of an entry: title, section path, text, page number.

    `matches`: the question's entries, best first; the others than this one are listed under it.
    """
    texts = pages(entry)
    page = max(0, min(page, len(texts) - 1))
    embed = discord.Embed(title=_clip(entry.title, 256), description=texts[page], colour=discord.Colour.dark_gold())
    embed.set_author(name=_clip(" › ".join((display_name(entry.game), *entry.path)), 256))
    footer = [f"Page {page + 1}/{len(texts)}"] if len(texts) > 1 else []
    if shared_by:
        footer.append(f"Shared by {shared_by}")
    footer.append(f"/rules · {entry.id}")
    embed.set_footer(text=_clip(" · ".join(footer), 2048))
    others = _others(entry, matches)
    if others:
        # "**2.**", not "2.": Discord would read a line starting "2. " as a list item and renumber it.
        lines = [_clip(f"**{rank}.** {other.title} · {_where(other, entry.game)}", 250) for rank, other in others]
        # A full page of text leaves about 1,300 of the 6,000 characters an embed may hold; whole
        # lines are left out rather than cut (their buttons stay).
        room = min(FIELD_LIMIT, EMBED_LIMIT - len(embed) - len(MATCHES_FIELD))
        while lines and len("\n".join(lines)) > room:
            lines.pop()
        if lines:
            embed.add_field(name=MATCHES_FIELD, value="\n".join(lines), inline=False)
    return embed


def _layout() -> discord.ui.View:
    """An empty view used only to lay buttons out.

    Clicks are served by the persistent RulesButton DynamicItem, so the view is stopped at
    once: discord.py then neither stores it nor starts the 15-minute timer it gives views
    sent ephemerally.
    """
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


def rules_view(entry: Entry, page: int = 0, matches: Sequence[Entry] = ()) -> discord.ui.View:
    """Paging and share buttons for an entry, plus a button for each other match the embed lists.

    Every button but "share" carries the matches, so the list stays under whichever entry is shown.
    """
    total = len(pages(entry))
    page = max(0, min(page, total - 1))
    keys = tuple(entry_key(match.id) for match in matches[: 1 + OTHER_MATCHES])
    view = _layout()
    if total > 1:
        view.add_item(RulesButton(entry, page, "prev", disabled=page == 0, matches=keys))
        view.add_item(RulesButton(entry, page, "next", disabled=page >= total - 1, matches=keys))
    view.add_item(RulesButton(entry, page, "share"))
    for rank, other in _others(entry, matches):
        view.add_item(RulesButton(other, 0, "open", row=1, matches=keys,
                                  label=_clip(f"{rank}. {other.title}", LABEL_LIMIT)))
    return view


def suggestions_view(entries: list[Entry]) -> discord.ui.View:
    """Buttons that open the closest entries when a query matched nothing."""
    view = _layout()
    for entry in entries[:5]:
        view.add_item(RulesButton(entry, 0, "open"))
    return view


def _label(entry: Entry, action: str) -> tuple[str, discord.ButtonStyle]:
    if action == "prev":
        return "◀ Previous", discord.ButtonStyle.secondary
    if action == "next":
        return "Next ▶", discord.ButtonStyle.secondary
    if action == "share":
        return "Share to channel", discord.ButtonStyle.primary
    return _clip(entry.title, LABEL_LIMIT), discord.ButtonStyle.secondary



class RulesButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    # Up to OTHER_MATCHES + 1 match keys: at most 96 characters, within Discord's 100 for a custom id.
    template=r"skald:rules:(?P<key>[0-9a-f]{12}):(?P<page>[0-9]{1,4}):(?P<action>prev|next|share|open)"
             r"(?::(?P<matches>(?:[0-9a-f]{12}){1,5}))?",
):
    """Every button of every rules answer: page back, page on, share, open another entry."""

    def __init__(self, entry: Entry | None, page: int, action: str, *, key: str | None = None,
                 disabled: bool = False, row: int | None = None, matches: Sequence[str] = (),
                 label: str | None = None) -> None:
        self.key = key if entry is None else entry_key(entry.id)
        self.page = page
        self.action = action
        self.matches = tuple(matches)
        default, style = ("…", discord.ButtonStyle.secondary) if entry is None else _label(entry, action)
        custom_id = f"skald:rules:{self.key}:{page}:{action}" + (f":{''.join(self.matches)}" if self.matches else "")
        super().__init__(discord.ui.Button(label=label or default, style=style, disabled=disabled, row=row,
                                           custom_id=custom_id))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RulesButton:
        joined = match["matches"] or ""
        keys = [joined[i : i + KEY_LENGTH] for i in range(0, len(joined), KEY_LENGTH)]
        return cls(None, int(match["page"]), match["action"], key=match["key"], matches=keys)

    # discord.py's items take any client's interaction; the handlers it calls take ours.
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self._answer(interaction)
        except Exception as error:  # one place turns any failure into a polite reply
            await answer_error(interaction, error, what=f"rules button {self.action}")

    async def _answer(self, interaction: Interaction) -> None:
        client = interaction.client
        bots = (commands.Bot, commands.AutoShardedBot)  # a sharded Skald is no commands.Bot
        cog = client.get_cog(COG_NAME) if isinstance(client, bots) else None
        index = cog.index if isinstance(cog, RulesCog) else None
        entry = index.by_key(self.key or "") if index is not None else None
        if index is None or entry is None:
            await refuse(interaction, "That rules entry is no longer in the book — run /rules again.")
            return
        if self.action == "share":
            name = interaction.user.display_name if interaction.user else None
            await interaction.response.send_message(embed=rules_embed(entry, self.page, shared_by=name),
                                                    ephemeral=False,
                                                    allowed_mentions=discord.AllowedMentions.none())
            return
        # Matches that left the book since are simply no longer listed.
        matches = [found for key in self.matches if (found := index.by_key(key)) is not None]
        # rules_embed and rules_view both keep the page within the entry.
        target = {"prev": self.page - 1, "next": self.page + 1}.get(self.action, 0)
        await interaction.response.edit_message(content=None, embed=rules_embed(entry, target, matches=matches),
                                                view=rules_view(entry, target, matches))


class RulesCog(commands.Cog, name=COG_NAME):
    """The `/rules` command over a loaded `RulesIndex`."""

    def __init__(self, bot: commands.Bot | commands.AutoShardedBot, index: RulesIndex) -> None:
        self.bot = bot
        self.index = index

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(RulesButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(RulesButton)

    def answer(self, game: str, query: str) -> tuple[str | None, discord.Embed | None, discord.ui.View]:
        """What /rules replies: (content, embed, view). Pure apart from building discord objects."""
        scope = None if game == ALL else game
        picked = self.index.entry(query.strip())
        if picked is not None and (scope is None or picked.game == scope):
            return None, rules_embed(picked), rules_view(picked)
        hits = self.index.search(scope, query, limit=1 + OTHER_MATCHES)
        if hits:
            matches = [hit.entry for hit in hits]
            return None, rules_embed(matches[0], matches=matches), rules_view(matches[0], 0, matches)
        where = "any game's rules" if scope is None else f"the {display_name(scope)} rules"
        close = self.index.suggest(scope, query)
        content = f"Nothing in {where} matches “{_clip(query.strip(), 100)}”."
        if close:
            content += " Closest entries:\n" + "\n".join(f"- {entry.title}" for entry in close)
        return content, None, suggestions_view(close)

    @app_commands.command(name="rules", description="Look up a rule: a card, a name or a question.")
    @app_commands.describe(game="Which game's rules", query="A card, a name or a question (suggestions as you type)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: Interaction, game: str,
                    query: app_commands.Range[str, 1, QUERY_MAX]) -> None:
        content, embed, view = self.answer(game, query)
        kwargs: dict[str, Any] = {"view": view, "ephemeral": True}
        if embed is not None:
            kwargs["embed"] = embed
        await interaction.response.send_message(content, **kwargs)

    @rules.autocomplete("query")
    async def query_autocomplete(self, interaction: Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        scope = game if game in GAMES else None
        choices = []
        for entry_id, title in self.index.autocomplete(scope, current[:QUERY_MAX], limit=25):
            name = title if scope is not None else f"{title} — {display_name(entry_id.split('/', 1)[0])}"
            choices.append(app_commands.Choice(name=_clip(name, CHOICE_LIMIT), value=entry_id[:CHOICE_LIMIT]))
        return choices


async def setup(bot: commands.Bot | commands.AutoShardedBot) -> None:
    """The extension's entry point (`app.EXTENSIONS`): `/rules` over the index of the rule books."""
    await bot.add_cog(RulesCog(bot, RulesIndex.load()))
