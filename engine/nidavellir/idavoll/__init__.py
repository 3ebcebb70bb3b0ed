"""Idavoll: the mythology deck and tavern, mythical animals, Norse gods, giants and valkyries
(docs/nidavellir.md).

Importing the package joins the expansion to the base game's tables (catalogue.join)."""

from engine.nidavellir.appraisal import LINE_WORTH, Worth
from engine.nidavellir.catalogue import Declared, Joined, join
from engine.nidavellir.idavoll import appraisal, cards, choices, effects, gods, grammar, rules, steps, view


def _declared() -> tuple[Declared, ...]:
    worths: dict[str, Worth] = {
        "durathor": appraisal.AnimalWorth(), "garm": appraisal.AnimalWorth(),
        "hreasvelg": appraisal.AnimalWorth(LINE_WORTH / 3),  # Gullinbursti comes with it
        "nidhogg": appraisal.AnimalWorth(), "ratatosk": appraisal.AnimalWorth(),
        "skymir": appraisal.CaptureWorth(14.0), "hrungnir": appraisal.Hrungnir(7.0),
        "thrivaldi": appraisal.CaptureWorth(LINE_WORTH), "surt": appraisal.Surt(12.0), "gymir": appraisal.Gymir(24.0),
        "brynhildr": appraisal.TrackWorth(0.5), "olrun": appraisal.TrackWorth(0.4),
        "sigrdrifa": appraisal.TrackWorth(0.3), "svafa": appraisal.TrackWorth(0.2), "hildr": appraisal.Hildr(0.0),
    }
    return tuple(Declared(card, effects.IDAVOLL_EFFECTS.get(card.key), worth=worths.get(card.key),
                          origin=rules.IDAVOLL_RULES.name)
                 for card in cards.IDAVOLL_CARDS) + gods.GODS


join(Joined(
    rules.IDAVOLL_RULES, _declared(), choices.IDAVOLL_CHOICES, steps.IDAVOLL_STEPS, grammar.IDAVOLL_VERBS,
    appraisal.PENDING_WORTH,
    pick_worth={"capture": appraisal.capture_pick, "frigg": appraisal.frigg_pick},
    take_losses=(appraisal.giant_turned_away,),
    power_worths={"pass": appraisal.pass_worth, "olrun": appraisal.olrun_worth},
    outlooks=(appraisal.loki_outlook,), piece_parts=(view.piece_part,), seat_parts=(view.seat_part,),
    tavern_parts=(view.tavern_part,), table_parts=(view.table_part,),
))
