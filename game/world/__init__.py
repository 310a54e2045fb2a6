"""Runtime state: the dungeon in play (floors, actors, items) and how floors are built."""
