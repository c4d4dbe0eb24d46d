"""The records of games: saved games, finished-game records, their story, replay and statistics."""
