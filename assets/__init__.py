"""The game's data files (tables, bestiary, items, tileset). In an installed copy this folder is
the package `delve_assets`, so `importlib.resources` finds it (game.assets.ASSETS_DIR)."""
