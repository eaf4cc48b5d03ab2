"""Movements: who sits where, against whom, with which boards, each round."""
