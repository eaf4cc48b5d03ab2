"""Readers and writers at the edge: PBN, HND, USEBIO, CSV, JSON.  Nothing else parses text."""
