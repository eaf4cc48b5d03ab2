"""Events, sessions, sections and entries; result entry checked against the movement."""
