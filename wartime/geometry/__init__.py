"""Geometry of the table (DESIGN.md §4–§5): shapely and numpy, no pygame.

Functions take and return plain values (points as ``(x, y)`` tuples in K,
frozen dataclasses), in the manner of shapely 2.
"""
