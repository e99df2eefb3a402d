"""The HTML report as a judge sees it: opened in a real headless Chromium through selenium."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

import replay
from replay.render import render_html
from tests.browser import chromium

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "coimbra"


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """A headless Chromium for this module."""
    driver = chromium(tmp_path_factory.mktemp("chromium-profile"))
    yield driver
    driver.quit()


def open_report(driver, tmp_path: Path, log: Path) -> dict:
    """Replay a fixture log, write its HTML page and load it; returns the report."""
    report = replay.replay(json.loads(log.read_text(encoding="utf-8")))
    page = tmp_path / f"{log.stem}.html"
    page.write_text(render_html(report), encoding="utf-8")
    driver.get(page.as_uri())
    return report


def test_illegal_report_shows_verdict_and_violation(browser, tmp_path):
    report = open_report(browser, tmp_path, FIXTURES / "illegal" / "city-row-other-row.json")
    verdict = browser.find_element(By.ID, "verdict")
    assert verdict.is_displayed()
    assert "ILLEGAL" in verdict.text
    violation = browser.find_element(By.CSS_SELECTOR, "#violations .violation")
    assert violation.is_displayed()
    assert report["violations"][0]["rule"] in violation.text
    assert not browser.find_element(By.ID, "ledger").get_attribute("open")


def test_legal_game_shows_score_chart_and_folded_ledger(browser, tmp_path):
    open_report(browser, tmp_path, FIXTURES / "legal" / "game-4p.json")
    assert "LEGAL" in browser.find_element(By.ID, "verdict").text
    chart = browser.find_element(By.ID, "score-chart")
    assert chart.is_displayed()
    assert chart.size["width"] > 0 and chart.size["height"] > 0
    assert browser.find_element(By.ID, "final-breakdown").is_displayed()
    ledger = browser.find_element(By.ID, "ledger")
    assert ledger.get_attribute("open") is None
    assert not browser.find_element(By.CSS_SELECTOR, "#ledger table").is_displayed()
