"""Verdicts: the judge, claims compared, causes and their consequences, the ledger."""
