"""Gnoming A Round: Grandpa Beck's take on the card game Golf, as a desktop game."""

__version__ = "0.1.0"
