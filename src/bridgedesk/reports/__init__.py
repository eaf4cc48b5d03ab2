"""Renderings: rankings, recaps, travellers, guide cards, hand records."""
