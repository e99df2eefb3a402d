"""Coimbra's rules and variants, read once from the game's data files."""

from __future__ import annotations

from replay.core.protocol.rules import load_rules, load_variants

RULES = load_rules("replay.coimbra")
VARIANTS = load_variants("replay.coimbra")
