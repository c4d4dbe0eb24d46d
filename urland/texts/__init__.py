"""Words for the player, built from the engine's data (prompts, events, moves): one place to
change a sentence, and the way into translations. Templates live in assets/texts/; no pygame here.
"""
