"""It's a Wonderful World under the shared conformance suite before it is registered (issue 32):
the playouts `make test` would play for a registered game, run with `make playouts` (a checked
playout is about 350 moves)."""

from __future__ import annotations

import pytest

from engine.wonderful import GAME
from tests.conformance import Scenario, play, scenarios

QUICK = [pytest.param(s, id=s.id) for s in scenarios(GAME) if s.quick]


@pytest.mark.playouts
@pytest.mark.parametrize("scenario", QUICK)
def test_random_playout_conforms(scenario: Scenario) -> None:
    state, report = play(GAME, scenario)
    assert GAME.outcome(state) is not None and report.steps > 0
