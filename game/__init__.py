"""Delve: a roguelike that plays its dungeon generators."""
