"""Viscounts of the West Kingdom (2020 base game, 1-4 players and the official solo opponent):
component catalog and rule data."""
