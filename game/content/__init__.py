"""Content: the data fed to the engine (monsters, items, colour themes), read from assets/ and
checked on load. It imports nothing of the engine, so every part may read it."""
