"""Small English helpers for messages: articles and counted nouns."""

from functools import cache

from replay.core.speech import Phrase, say


def article(word: str) -> str:
    """``a`` or ``an`` before ``word``."""
    return "an" if word[:1] in tuple("aeiou") else "a"


def counted(number: int, noun: str) -> Phrase:
    """``1 step``, ``2 steps``: a phrase, so another language can say the number and the
    noun (its singular, extracted from the call) its own way."""
    text = f"{number} {noun}" + ("" if number == 1 else "s")
    return Phrase(text, "{number} {noun}", {"number": number, "noun": _noun(noun)})


@cache
def _noun(noun: str) -> Phrase:
    # One phrase a noun, shared: nouns are the calls' own words, and a phrase never changes.
    return say(noun)


def spoken(key):
    """A data key as words for people (``approved_deeds`` -> ``approved deeds``); anything
    that is not text is left as it is."""
    return key.replace("_", " ") if isinstance(key, str) else key


def number_span(numbers) -> str:
    """``1-4`` for an unbroken run of whole numbers, else them one by one (``2, 4``)."""
    numbers = list(numbers)
    if len(numbers) > 1 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(map(str, numbers))


def listed(items, separator: str = ", ") -> Phrase:
    """Items joined by ``separator``: a phrase whose values are the items, so each one that
    is itself a phrase is said again in the reader's language."""
    items = list(items)
    template = separator.join(f"{{item{i}}}" for i in range(len(items)))
    return Phrase(separator.join(items), template,
                  {f"item{i}": item for i, item in enumerate(items)})


def alternatives(items) -> str:
    """``a or b or c``: a phrase (each ``or`` said in the reader's language) for two items or
    more, the item itself for one."""
    items = list(items)
    if not items:
        return ""
    said = items[0]
    for item in items[1:]:
        said = say("{first} or {second}", first=said, second=item)
    return said
