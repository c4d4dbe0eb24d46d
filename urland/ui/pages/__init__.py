"""The drawings of the other pages: the review, a rule's example, the statistics, the story."""
