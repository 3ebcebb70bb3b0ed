"""Everything that talks to the outside world: store, tables, Discord, relay, rules, CLI."""
