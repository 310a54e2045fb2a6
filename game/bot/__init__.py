"""The autoplay bot: a policy over the game state, and a headless runner for it."""

from game.bot.policy import Bot, Memory, next_action

__all__ = ["Bot", "Memory", "next_action"]
