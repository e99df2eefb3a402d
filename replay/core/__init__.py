"""Game-independent pieces: log model, rules registry, violations, ledger, report."""
