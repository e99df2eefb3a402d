"""Claims: what the table believed (checkpoints and the final scoresheet), compared."""

from __future__ import annotations

from replay.coimbra.state import COLOUR_TRACK, TRACKS
from replay.coimbra.table import Table
from replay.core.verdicts import claims

CLAIMABLE = ("points", "coins", "guards", *TRACKS, "pilgrim")
ALIASES = {"vp": "points", "score": "points", **COLOUR_TRACK}


class Claims(claims.Claims):
    """Collects Coimbra's claim comparisons in log order."""

    claimable = CLAIMABLE
    aliases = ALIASES
    unexplained = ("pilgrim",)

    def acting(self, table: Table, event: dict) -> str:
        """The name of the player a ``check`` speaks of."""
        return table.acting_player(event).name

    def value(self, table: Table, name: str, what: str):
        """A player's points, coins, guards, influence on a track, or pilgrim place."""
        player = table.state.players[name]
        if what in TRACKS:
            return player.influence[what]
        return getattr(player, what)

