"""Every screen of the interface, one module each; all are states (game.ui.state)."""
