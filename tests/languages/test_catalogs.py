"""The committed catalogs are in step with the code, and the Chinese one is complete."""

from languages import catalogs
from languages.catalogs import check


def test_every_text_is_extracted_and_translated():
    problems = check()
    assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} in all)"


def test_a_text_two_domains_translate_differently_is_found(tmp_path, monkeypatch):
    # One translator answers for every domain, so a text said two ways shows only one way.
    for domain, said in (("pages", "它做什么"), ("reports", "它的效果")):
        (tmp_path / f"{domain}.po").write_text(
            f'msgid ""\nmsgstr ""\n\nmsgid "What it does"\nmsgstr "{said}"\n',
            encoding="utf-8")
    monkeypatch.setattr(catalogs, "catalog_path",
                        lambda language, domain: tmp_path / f"{domain}.po")
    assert catalogs._differing_translations("zh_Hans") == [
        "zh_Hans: translated differently in pages, reports: 'What it does'"]
