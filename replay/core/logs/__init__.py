"""Reading logs: the log model, the text and JSON notations, located problems."""
