"""Idavoll: the mythology deck and tavern, mythical animals, Norse gods, giants and valkyries (docs/nidavellir.md)."""
