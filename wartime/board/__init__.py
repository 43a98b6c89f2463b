"""The battlefield model: walls, obstacles, terrain, deployment zones and units."""
