"""Thingvellir: the camp of artefacts and mercenaries, and six more heroes (docs/nidavellir.md).

`THINGVELLIR`, a catalogue.Joined that a game's rules are built with (ruleset.py): its rules
of the round and age, its cards (artefacts and heroes each declared in one place: artefacts.py,
heroes.py; the mercenaries only sit and score) and what belongs to no one card (the camp, the
enlistment, the recovering and discarding choices, their verbs and the AI's camp pick)."""

from engine.nidavellir.catalogue import Declared, Joined
from engine.nidavellir.thingvellir import appraisal, artefacts, cards, choices, grammar, heroes, rules, steps, view

THINGVELLIR = Joined(
    rules.THINGVELLIR_RULES,
    (*artefacts.ARTEFACTS, *(Declared(card) for card in cards.MERCENARIES),
     *heroes.HEROES),
    choices.THINGVELLIR_CHOICES, steps.THINGVELLIR_STEPS, grammar.THINGVELLIR_VERBS, appraisal.PENDING_WORTH,
    pick_worth={rules.CAMP_VERB: appraisal.camp_pick}, choice_worths={"enlist": appraisal.enlist_worth},
    seat_parts=(view.seat_part,), table_parts=(view.table_part,),
)
