"""How many examples a Hypothesis test draws, by the profile the run loaded (tests/conftest.py).

CI runs with HYPOTHESIS_PROFILE=ci: every property test draws the count written beside it (the
counts the suite always ran). A developer's run loads `dev`, which draws a tenth of each (at
least a few), so the inner loop stays short; the properties checked are the same.
"""

from __future__ import annotations

from hypothesis import settings

CI_EXAMPLES = 100  # the ci profile's max_examples: a count written here is drawn whole
LEAST = 5  # no property test draws fewer than this in any profile


def examples(ci_count: int) -> int:
    """The number of examples to draw for a test that CI draws `ci_count` times."""
    share = settings.default.max_examples / CI_EXAMPLES
    return max(min(ci_count, LEAST), round(ci_count * share))
