"""Urland: a digital edition of the Doris & Frank strategy game."""

__version__ = "0.1.0"
