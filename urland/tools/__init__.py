"""Headless tools: many games played by bots, checked (simulate) or compared (tournament)."""
