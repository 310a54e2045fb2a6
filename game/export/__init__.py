"""Floor exports: ascii, json, hex (mazes), png."""
