"""The game protocol: what a game declares and the one loop that replays it."""
