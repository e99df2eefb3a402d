"""The solo game: the official automated opponent, its setup, turn procedure and scoring.

A log with one player is a solo game; the engine adds the opponent's seat (``OPPONENT``)
and computes each opponent turn from its Scheme card, then compares the log with it.
"""

from __future__ import annotations

OPPONENT = "opponent"
