"""Claims: what the table believed (checkpoints and the final scoresheet), compared."""

from __future__ import annotations

import copy

from replay.core.verdicts import claims
from replay.viscounts.scoring import final_scoring
from replay.viscounts.table import Table, snapshot

HOLDINGS = ("silver", "ink", "gold", "stone", "debts", "paid_debts", "deeds",
            "approved_deeds", "virtue", "corruption", "workers")
CLAIMABLE = ("vp", *HOLDINGS, "hand", "space")
# The variants that change final points: a wrong total may be a table's other reading.
SCORING_VARIANTS = ("small-game-second-zero", "manuscript-icons-board-only")
ALIASES = {"points": "vp", "score": "vp"}


class Claims(claims.Claims):
    """Collects Viscounts' claim comparisons in log order."""

    claimable = CLAIMABLE
    aliases = ALIASES
    unexplained = ("space", "hand", "vp")

    def acting(self, table: Table, event: dict) -> str:
        """The name of the player a ``check`` speaks of."""
        return table.acting(event).name

    def value(self, table: Table, name: str, what: str):
        """A player's holding, hand size, board space, or the points a final scoring would
        give now."""
        player = table.player(name)
        if what == "hand":
            return player.hand_size
        if what == "space":
            return player.space
        if what == "vp":
            return projected_points(table, name)
        return getattr(player, what)

    def close(self, table: Table, totals: dict[str, int] | None) -> None:
        """Compare the final scoresheet with the computed totals (if the game was scored);
        a wrong total names the scoring variant under which it would be right."""
        super().close(table, totals)
        if self.final is not None and totals is not None:
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


def projected_points(table: Table, name: str) -> int:
    """The points a final scoring would give now (on a copy of the table)."""
    return final_scoring(snapshot(table))["players"][name]["total"]
