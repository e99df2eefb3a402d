"""Small English helpers for messages: articles and counted nouns."""


def article(word: str) -> str:
    """``a`` or ``an`` before ``word``."""
    return "an" if word[:1] in tuple("aeiou") else "a"


def counted(number: int, noun: str) -> str:
    """``1 step``, ``2 steps``."""
    return f"{number} {noun}" + ("" if number == 1 else "s")


def spoken(key):
    """A data key as words for people (``approved_deeds`` -> ``approved deeds``); anything
    that is not text is left as it is."""
    return key.replace("_", " ") if isinstance(key, str) else key
