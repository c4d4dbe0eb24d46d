"""Computer players. Every bot decides from `view(state, seat)` alone."""
