"""The picks of Player Cards at the end of the setup: whose turn it is and to do what."""

from __future__ import annotations

SETUP_HAND = 3  # cards each player draws at the end of their setup (p.8 step 9)


def next_picker(state) -> str | None:
    """The player whose pick is next, in reverse turn order (None: every player picked)."""
    picked = sum(1 for p in state.players.values() if p.player_card)
    return state.pick_order[picked] if picked < len(state.pick_order) else None


def next_in_picks(table) -> tuple[str, str]:
    """What happens next during the picks, and by whom: a player who picked draws up to
    three before the next player picks (p.8 step 9); the start player plays once every
    player has."""
    state = table.state
    short = [p.name for p in state.players.values()
             if p.player_card and p.hand_size < SETUP_HAND and not table.automated(p.name)]
    if short:
        return "draw", short[0]
    picker = next_picker(state)
    return ("pick", picker) if picker else ("play", state.start_player)
