"""JCBL (Japan Contract Bridge League) masterpoint rules, seed ``000``."""
