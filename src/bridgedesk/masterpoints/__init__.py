"""Masterpoints: one module per federation rule set, tables as data files."""
