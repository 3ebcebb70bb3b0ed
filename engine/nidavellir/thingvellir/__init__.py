"""Thingvellir: the camp of artefacts and mercenaries, and six more heroes (docs/nidavellir.md)."""
