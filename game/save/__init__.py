"""Saves: a versioned, checksummed file format (format), what a state must look like (validate),
older formats brought up to date (migrate), the game as bytes (codec), crash-safe files, backups
and the lock (store), and undoing an action that raised (crash). Nothing here pickles or evaluates
what it reads, and nothing opens a window."""

AUTOSAVE_TURNS = 100
"""The game autosaves every this many turns by default (and on every floor change). Here, not
in `store`, so the command line can show the default without loading the save machinery."""
