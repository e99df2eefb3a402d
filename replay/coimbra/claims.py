"""Claims: what the table believed (checkpoints and the final scoresheet), compared."""

from __future__ import annotations

from replay.coimbra.game import Game
from replay.coimbra.state import COLOUR_TRACK, TRACKS

CLAIMABLE = ("points", "coins", "guards", *TRACKS, "pilgrim")
ALIASES = {"vp": "points", "score": "points", **COLOUR_TRACK}


class Claims:
    """Collects claim comparisons in log order."""

    def __init__(self):
        self.items: list[dict] = []
        self.final: tuple[int, dict] | None = None

    def record(self, game: Game, index: int, event: dict) -> None:
        """Compare a ``check`` now; keep a ``final`` scoresheet for after final scoring."""
        if event["type"] == "final":
            self.final = (index, event["scores"])
            return
        name = game.acting_player(event).name
        for written, claimed in event["values"].items():
            what = ALIASES.get(written, written)
            if what not in CLAIMABLE:
                game.warnings.append({"event": index, "message": f"cannot check {written!r}; "
                                      f"claimable: {', '.join(CLAIMABLE)}"})
                continue
            self._compare(game, index, name, what, claimed, _value(game, name, what))

    def close(self, game: Game, totals: dict[str, int] | None) -> None:
        """Compare the final scoresheet with the computed totals (if the game was scored)."""
        if self.final is None:
            return
        index, scores = self.final
        for name, claimed in scores.items():
            if name not in game.state.players:
                game.warnings.append({"event": index, "message": f"score for unknown player "
                                      f"{name!r} ignored"})
            elif totals is None:
                game.warnings.append({"event": index, "message": "the final scores cannot be "
                                      "compared: the game was not scored"})
                return
            else:
                self._compare(game, index, name, "final score", claimed, totals[name])

    def _compare(self, game: Game, index: int, name: str, what: str, claimed, computed) -> None:
        item = {"event": index, "player": name, "what": what, "claimed": claimed,
                "computed": computed, "match": claimed == computed}
        if not item["match"] and what != "pilgrim":
            resource = "points" if what == "final score" else what
            item["explained_by"] = [row.to_dict() for row in game.ledger
                                    if row.player == name and row.resource == resource]
        self.items.append(item)

    def first_divergence(self) -> dict | None:
        """The earliest claim that differs from the computed value."""
        return next((item for item in self.items if not item["match"]), None)


def _value(game: Game, name: str, what: str):
    player = game.state.players[name]
    if what in TRACKS:
        return player.influence[what]
    return getattr(player, what)
