"""Seed hunting (`run.py hunt`): which seeds' runs have a floor that matches a query.

`query` parses the small query language (its grammar is in its docstring and in `run.py hunt
--help`), `judge` asks it of one floor's record, `floors` makes each floor only as far as the
query needs, `search` spreads the seeds over a process pool and keeps their order.
"""
