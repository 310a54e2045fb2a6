"""Every screen of the interface, one module each; all are states (game.ui.state).

No screen module imports another: a screen opens the next through the transition table,
game.ui.routes, which names every screen.
"""
