"""The committed catalogs are in step with the code, and the Chinese one is complete."""

from languages.catalogs import check


def test_every_text_is_extracted_and_translated():
    problems = check()
    assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} in all)"
