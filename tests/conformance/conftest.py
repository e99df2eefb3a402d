"""The dice race is known to the referee only while a test that asks for it runs."""

from __future__ import annotations

import pytest

from replay.games import GAMES
from tests.conformance.dice_race import GAME


@pytest.fixture
def dice_race():
    """The dice race, registered for the duration of one test."""
    with GAMES.registered(GAME):
        yield GAME
