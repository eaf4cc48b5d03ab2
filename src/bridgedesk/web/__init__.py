"""The browser app: director console and table score entry."""
