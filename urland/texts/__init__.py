"""Words for players, built from data: message catalogues (assets/texts/) and event sentences.

No pygame here: the table, the simulator and tests use the same sentences.
"""
