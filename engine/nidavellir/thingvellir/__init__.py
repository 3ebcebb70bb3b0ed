"""Thingvellir: the camp of artefacts and mercenaries, and six more heroes (docs/nidavellir.md).

Importing the package joins the expansion to the base game's tables (catalogue.join)."""

from engine.nidavellir.catalogue import Declared, Joined, join
from engine.nidavellir.thingvellir import appraisal, cards, choices, effects, grammar, rules, steps, view


def _declared() -> tuple[Declared, ...]:
    worths = {
        "fafnir": appraisal.Artefact(8, per_round=1.5), "draupnir": appraisal.Artefact(10, per_round=1.5),
        "svalinn": appraisal.Artefact(12, per_round=1.5), "megingjord": appraisal.Megingjord(16),
        "vidofnir": appraisal.Artefact(9), "brisingamens": appraisal.Artefact(10, once=-4.0),
        "mjollnir": appraisal.Mjollnir(12), "hofud": appraisal.Artefact(7),
        "hrafnsmerki": appraisal.Artefact(10, per_round=1.0), "jarnglofi": appraisal.Jarnglofi(20, once=-3.0),
        "gjallarhorn": appraisal.Artefact(16), "vegvisir": appraisal.Artefact(13),
    }
    return tuple(Declared(card, effects.THINGVELLIR_EFFECTS.get(card.key), worth=worths.get(card.key),
                          origin=rules.THINGVELLIR_RULES.name)
                 for card in cards.THINGVELLIR_CARDS)


join(Joined(
    rules.THINGVELLIR_RULES, _declared(), choices.THINGVELLIR_CHOICES, steps.THINGVELLIR_STEPS,
    grammar.THINGVELLIR_VERBS, appraisal.PENDING_WORTH, pick_worth={rules.CAMP_VERB: appraisal.camp_pick},
    seat_parts=(view.seat_part,), table_parts=(view.table_part,),
))
