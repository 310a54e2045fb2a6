"""Saves: a versioned, checksummed file format (format), what a state must look like (validate),
older formats brought up to date (migrate), the game as bytes (codec), crash-safe files, backups
and the lock (store), and undoing an action that raised (crash). Nothing here pickles or evaluates
what it reads, and nothing opens a window."""
