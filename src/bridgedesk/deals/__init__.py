"""Deals: the model, reproducible generation, double-dummy tables and par."""
