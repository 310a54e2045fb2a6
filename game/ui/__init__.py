"""The user interface: the only package that opens a window or reads input.

The engine (world, rules, ai, generators) never imports it. `game.ui.app.run()` starts the window;
`game.ui.render.render_play(console, game)` draws the play screen onto any console, window or not.
"""
