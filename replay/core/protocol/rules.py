"""Rules registries: every rule has a stable id, a one-line statement and its section."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True)
class Rule:
    """One rule of a game, as cited by violations and listed by the API."""

    id: str
    statement: str
    section: str
    automatic: bool = False  # applied by the engine itself; a log cannot break it
    inventory: int | None = None  # the rule's number in the game's rule inventory, if any
    # Whether breaking it depends on state every player shares (whose turn it is, what comes
    # next): then an earlier skipped event of any player may be its cause.
    shared: bool = False

    def to_dict(self) -> dict:
        """Plain-data form."""
        return {"id": self.id, "statement": self.statement, "section": self.section,
                "automatic": self.automatic}


@dataclass(frozen=True)
class Variant:
    """A named alternative reading of a rule that a log may declare."""

    id: str
    statement: str
    default: str

    def to_dict(self) -> dict:
        """Plain-data form."""
        return {"id": self.id, "statement": self.statement, "default": self.default}


def _read_json(package: str, name: str) -> list[dict]:
    return json.loads(resources.files(package).joinpath("data", name).read_text("utf-8"))


def load_rules(package: str) -> dict[str, Rule]:
    """The rules of a game package, read from its ``data/rules.json``."""
    return {item["id"]: Rule(**item) for item in _read_json(package, "rules.json")}


def load_variants(package: str) -> dict[str, Variant]:
    """The variants of a game package, read from its ``data/variants.json``."""
    return {item["id"]: Variant(**item) for item in _read_json(package, "variants.json")}
