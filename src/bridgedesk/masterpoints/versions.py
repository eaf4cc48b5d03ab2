"""The rule-set versions written with the awards recorded in the ledger."""

#: JCBL: the 2007 masterpoint rules (000); SBF: the 2014-2015 rules (001).
RULE_VERSIONS = {"jcbl": "2007", "sbf": "2014-2015"}

__all__ = ["RULE_VERSIONS"]
