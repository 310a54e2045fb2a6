"""Pieces several screens are built from (a list of choices, a scrolling page); no screen."""
