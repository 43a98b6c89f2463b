"""Wartime Simulator: a tactical battlefield simulator for WARTIME THE GAME."""

__version__ = "0.1.0"
