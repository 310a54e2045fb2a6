"""The autoplay bot: a policy over the game state, and a headless runner for it."""

from game.bot.memory import Memory
from game.bot.policy import Bot, next_action

__all__ = ["Bot", "Memory", "next_action"]
