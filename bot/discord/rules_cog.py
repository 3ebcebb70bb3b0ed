"""`/rules`: look a rule up, privately, and share it with the channel if you like.

The answer is an ephemeral embed of the best entry, paged when long. Its buttons carry
`skald:rules:<entry key>:<page>:<action>` custom ids and are handled by a persistent
DynamicItem, so they keep working after a restart (the key is `bot.rules.index.entry_key`).
"""

from __future__ import annotations

import re
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
OTHER_MATCHES = 4  # buttons for the runner-up entries under an answer
GAME_CHOICES = [app_commands.Choice(name=name, value=key) for key, name in GAMES.items()]
GAME_CHOICES.append(app_commands.Choice(name="All games", value=ALL))


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def rules_embed(entry: Entry, page: int = 0, *, shared_by: str | None = None) -> discord.Embed:
    """The embed showing one page of an entry: title, section path, text, page number."""
    texts = pages(entry)
    page = max(0, min(page, len(texts) - 1))
    embed = discord.Embed(title=_clip(entry.title, 256), description=texts[page], colour=discord.Colour.dark_gold())
    embed.set_author(name=_clip(" › ".join((display_name(entry.game), *entry.path)), 256))
    footer = [f"Page {page + 1}/{len(texts)}"] if len(texts) > 1 else []
    if shared_by:
        footer.append(f"Shared by {shared_by}")
    footer.append(f"/rules · {entry.id}")
    embed.set_footer(text=_clip(" · ".join(footer), 2048))
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


def rules_view(entry: Entry, page: int = 0, others: list[Entry] | None = None) -> discord.ui.View:
    """Paging and share buttons for an entry, plus buttons that open the runner-up entries."""
    total = len(pages(entry))
    page = max(0, min(page, total - 1))
    view = _layout()
    if total > 1:
        view.add_item(RulesButton(entry, page, "prev", disabled=page == 0))
        view.add_item(RulesButton(entry, page, "next", disabled=page >= total - 1))
    view.add_item(RulesButton(entry, page, "share"))
    for other in (others or [])[:OTHER_MATCHES]:
        if other.id != entry.id:
            view.add_item(RulesButton(other, 0, "open", row=1))
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
    template=r"skald:rules:(?P<key>[0-9a-f]{12}):(?P<page>[0-9]{1,4}):(?P<action>prev|next|share|open)",
):
    """Every button of every rules answer: page back, page on, share, open another entry."""

    def __init__(self, entry: Entry | None, page: int, action: str, *, key: str | None = None,
                 disabled: bool = False, row: int | None = None) -> None:
        self.key = key if entry is None else entry_key(entry.id)
        self.page = page
        self.action = action
        label, style = ("…", discord.ButtonStyle.secondary) if entry is None else _label(entry, action)
        super().__init__(discord.ui.Button(label=label, style=style, disabled=disabled, row=row,
                                           custom_id=f"skald:rules:{self.key}:{page}:{action}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RulesButton:
        return cls(None, int(match["page"]), match["action"], key=match["key"])

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
        entry = cog.index.by_key(self.key or "") if isinstance(cog, RulesCog) else None
        if entry is None:
            await refuse(interaction, "That rules entry is no longer in the book — run /rules again.")
            return
        if self.action == "share":
            name = interaction.user.display_name if interaction.user else None
            await interaction.response.send_message(embed=rules_embed(entry, self.page, shared_by=name),
                                                    ephemeral=False,
                                                    allowed_mentions=discord.AllowedMentions.none())
            return
        # rules_embed and rules_view both keep the page within the entry.
        target = {"prev": self.page - 1, "next": self.page + 1}.get(self.action, 0)
        await interaction.response.edit_message(content=None, embed=rules_embed(entry, target),
                                                view=rules_view(entry, target))


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
            best = hits[0].entry
            return None, rules_embed(best), rules_view(best, 0, [hit.entry for hit in hits[1:]])
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
