"""The conditional-logit fit the measuring scripts share (gene_worth_fit.py, judge_fit.py).

Each sample is one table: a row of features per seat and the seat that went on to win. The model
gives seat s the chance exp(w·x_s) over the table's sum; `fit` finds the w that makes the
winners likeliest, less a ridge penalty, by Newton's method.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from urland.bots.judge import win_shares

Table = tuple[list[list[float]], int]  # each seat's features, and the winner


def fit(data: list[Table], size: int, ridge: float) -> list[float]:
    """Newton's method on the penalised conditional-logit likelihood."""
    beta = [0.0] * size
    for _ in range(25):
        grad = [-ridge * b for b in beta]
        hess = [[ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
        for rows, winner in data:
            p = win_shares(rows, beta)
            mean = [sum(p[s] * rows[s][j] for s in range(len(rows))) for j in range(size)]
            for j in range(size):
                grad[j] += rows[winner][j] - mean[j]
            for s, row in enumerate(rows):
                d = [row[j] - mean[j] for j in range(size)]
                for i in range(size):
                    if d[i]:
                        for j in range(size):
                            hess[i][j] += p[s] * d[i] * d[j]
        step = solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-5:
            break
    return beta


def log_loss(data: list[Table], chances: Callable[[list[list[float]]], list[float]]) -> float:
    """The mean of minus the log of the chance given to the seat that won: lower predicts better."""
    return sum(-math.log(max(1e-9, chances(rows)[winner])) for rows, winner in data) / len(data)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]
