"""Claims: what the table believed (checkpoints and the final scoresheet), compared."""

from __future__ import annotations

import copy

from replay.viscounts.scoring import final_scoring
from replay.viscounts.table import Table, snapshot

HOLDINGS = ("silver", "ink", "gold", "stone", "debts", "paid_debts", "deeds",
            "approved_deeds", "virtue", "corruption", "workers")
CLAIMABLE = ("vp", *HOLDINGS, "hand", "space")
# The variants that change final points: a wrong total may be a table's other reading.
SCORING_VARIANTS = ("small-game-second-zero", "manuscript-icons-board-only")
ALIASES = {"points": "vp", "score": "vp"}


class Claims:
    """Collects claim comparisons in log order."""

    def __init__(self):
        self.items: list[dict] = []
        self.final: tuple[int, dict] | None = None

    def record(self, table: Table, index: int, event: dict) -> None:
        """Compare a ``check`` now; keep a ``final`` scoresheet for after final scoring."""
        if event["type"] == "final":
            self.final = (index, event["scores"])
            return
        name = table.acting(event).name
        for written, claimed in event["values"].items():
            what = ALIASES.get(written, written)
            if what not in CLAIMABLE:
                table.warnings.append({"event": index, "message": f"cannot check "
                                       f"{written!r}; claimable: {', '.join(CLAIMABLE)}"})
                continue
            self._compare(table, index, name, what, claimed, _value(table, name, what))

    def close(self, table: Table, totals: dict[str, int] | None) -> None:
        """Compare the final scoresheet with the computed totals (if the game was scored);
        a wrong total names the scoring variant under which it would be right."""
        if self.final is None:
            return
        index, scores = self.final
        for name, claimed in scores.items():
            if name not in table.state.players:
                table.warnings.append({"event": index, "message": f"score for unknown "
                                       f"player {name!r} ignored"})
            elif totals is None:
                table.warnings.append({"event": index, "message": "the final scores cannot "
                                       "be compared: the game was not scored"})
                return
            else:
                self._compare(table, index, name, "final score", claimed, totals[name])
        if totals is not None:
            self._other_readings(table)

    def _other_readings(self, table: Table) -> None:
        wrong = [i for i in self.items if i["what"] == "final score" and not i["match"]]
        if not wrong:
            return
        for variant in SCORING_VARIANTS:
            if table.judge.allows(variant):
                continue
            trial = snapshot(table)
            for player in trial.state.players.values():
                player.points = 0  # points come only from final scoring: score it again
            trial.judge = copy.copy(table.judge)
            trial.judge.variants = table.judge.variants | {variant}
            totals = final_scoring(trial)["players"]
            for item in wrong:
                if "matches_under" not in item and \
                        totals[item["player"]]["total"] == item["claimed"]:
                    item["matches_under"] = variant

    def _compare(self, table: Table, index: int, name: str, what: str, claimed,
                 computed) -> None:
        item = {"event": index, "player": name, "what": what, "claimed": claimed,
                "computed": computed, "match": claimed == computed}
        if not item["match"] and what not in ("space", "hand", "vp"):
            resource = "points" if what == "final score" else what
            item["explained_by"] = [row.to_dict() for row in table.ledger
                                    if row.player == name and row.resource == resource]
        self.items.append(item)

    def first_divergence(self) -> dict | None:
        """The earliest claim that differs from the computed value."""
        return next((item for item in self.items if not item["match"]), None)


def _value(table: Table, name: str, what: str):
    player = table.player(name)
    if what == "hand":
        return player.hand_size
    if what == "space":
        return player.space
    if what == "vp":
        return projected_points(table, name)
    return getattr(player, what)


def projected_points(table: Table, name: str) -> int:
    """The points a final scoring would give now (on a copy of the table)."""
    return final_scoring(snapshot(table))["players"][name]["total"]
