"""The rules: actions and their effects on the world."""
