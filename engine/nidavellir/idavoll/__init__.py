"""Idavoll: the mythology deck and tavern, mythical animals, Norse gods, giants and valkyries
(docs/nidavellir.md).

`IDAVOLL`, a catalogue.Joined that a game's rules are built with (ruleset.py): its rules
of the round, its cards (each declared in one place: animals.py, gods.py, giants.py,
valkyries.py) and what belongs to no one card (the capture and pass verbs, the pick's worths,
Loki's reservation in the AI's outlook, its parts of the view)."""

from engine.nidavellir.catalogue import Joined
from engine.nidavellir.idavoll import animals, appraisal, giants, gods, grammar, rules, valkyries, view

IDAVOLL = Joined(
    rules.IDAVOLL_RULES, (*animals.ANIMALS, *gods.GODS, *giants.GIANTS, *valkyries.VALKYRIES),
    verbs=grammar.IDAVOLL_VERBS,
    pick_worth={"capture": appraisal.capture_pick, "frigg": appraisal.frigg_pick},
    take_losses=(appraisal.giant_turned_away,), power_worths={"pass": appraisal.pass_worth},
    outlooks=(appraisal.loki_outlook,), piece_parts=(view.piece_part,), seat_parts=(view.seat_part,),
    tavern_parts=(view.tavern_part,), table_parts=(view.table_part,),
)
