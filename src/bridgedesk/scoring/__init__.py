"""Scoring: pure functions over one board's results and over a session."""
