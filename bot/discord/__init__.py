"""The Discord adapter: slash commands, lobby and game controls, DMs, the thread story.

Only this package imports discord. It talks to the game world through `bot.tables.Tables`
and hears back through `bot.discord.notifier.DiscordNotifier` (a `bot.notify.Notifier`).
"""
