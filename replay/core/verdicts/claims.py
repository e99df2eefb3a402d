"""Claims: what the table believed (checkpoints and the final scoresheet), compared with
what the replay computed. A game says what may be claimed and how to read it off its table."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping

from replay.core.speech import say, worded


class Claims(ABC):
    """Collects claim comparisons in log order.

    A game's subclass declares ``claimable`` (what a ``check`` may name), ``aliases`` (other
    words for them) and ``unexplained`` (claims the ledger has no rows for), and reads the
    acting player's name and a claimed value off its table.
    """

    claimable: tuple[str, ...]
    aliases: Mapping[str, str]
    unexplained: tuple[str, ...] = ()

    def __init__(self):
        self.items: list[dict] = []
        self.final: tuple[int, dict] | None = None

    @abstractmethod
    def acting(self, table, event: dict) -> str:
        """The name of the player a ``check`` speaks of."""

    @abstractmethod
    def value(self, table, name: str, what: str):
        """What the replay computed for a claimable ``what`` of player ``name``."""

    def record(self, table, index: int, event: dict) -> None:
        """Compare a ``check`` now; keep a ``final`` scoresheet for after final scoring."""
        if event["type"] == "final":
            self.final = (index, event["scores"])
            return
        name = self.acting(table, event)
        for written, claimed in event["values"].items():
            what = self.aliases.get(written, written)
            if what not in self.claimable:
                table.warnings.append(worded({"event": index, "message": say(
                    "cannot check {claim}; claimable: {claimable}", claim=repr(written),
                    claimable=", ".join(self.claimable))}))
                continue
            self._compare(table, index, name, what, claimed, self.value(table, name, what))

    def close(self, table, totals: dict[str, int] | None) -> None:
        """Compare the final scoresheet with the computed totals (if the game was scored)."""
        if self.final is None:
            return
        index, scores = self.final
        for name, claimed in scores.items():
            if name not in table.state.players:
                table.warnings.append(worded({"event": index, "message": say(
                    "score for unknown player {player} ignored", player=repr(name))}))
            elif totals is None:
                table.warnings.append(worded({"event": index, "message": say(
                    "the final scores cannot be compared: the game was not scored")}))
                return
            else:
                self._compare(table, index, name, "final score", claimed, totals[name])

    def _compare(self, table, index: int, name: str, what: str, claimed, computed) -> None:
        item = {"event": index, "player": name, "what": what, "claimed": claimed,
                "computed": computed, "match": claimed == computed}
        if not item["match"] and what not in self.unexplained:
            resource = "points" if what == "final score" else what
            # Copies: the report lists these rows in its ledger too.
            item["explained_by"] = [dict(row) for row in table.ledger
                                    if row["player"] == name and row["resource"] == resource]
        self.items.append(item)

    def first_divergence(self) -> dict | None:
        """The earliest claim that differs from the computed value."""
        return next((item for item in self.items if not item["match"]), None)
