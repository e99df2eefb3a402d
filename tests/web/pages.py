"""Helpers for the page tests: logs to submit, a browser that signs in, looks and checks.

Every page a test looks at is saved as a screenshot under ``test-artifacts/screenshots``
and checked with axe-core (installed from the npm registry by ``make test``) for serious
or critical accessibility findings.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import redis
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

import replay
from tests.conftest import FIXTURES, KEYS, ROOT
from workers.jobs import run_replay
from workers.store import ReplayStore

SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
AXE = ROOT / ".venv" / "npm" / "node_modules" / "axe-core" / "axe.min.js"
ALICE_KEY = next(k for k, v in KEYS.items() if v == "alice")
BOB_KEY = next(k for k, v in KEYS.items() if v == "bob")
COIMBRA = FIXTURES / "coimbra"


def text_log(path: Path) -> str:
    """A fixture log in the text notation, as a player would write it."""
    return replay.print_log(replay.load_log(json.loads(path.read_text())), "text")


def replayed(redis_url: str, fixture: Path, owner: str = "alice") -> str:
    """A stored replay of a fixture's log (in the text notation), done by the worker's
    function; its id."""
    connection = redis.Redis.from_url(redis_url)
    try:
        replay_id = ReplayStore(connection).create(text_log(fixture), {"mode": "strict"},
                                                   owner=owner)
        run_replay(connection, replay_id, 1)
    finally:
        connection.close()
    return replay_id


def axe_source() -> str:
    """axe-core's script, or a failure naming how to install it."""
    if not AXE.exists():
        pytest.fail(f"the accessibility check needs {AXE}: make test installs axe-core "
                    "from the npm registry", pytrace=False)
    return AXE.read_text(encoding="utf-8")


def look(driver, name: str) -> None:
    """Save the page as a screenshot and check it with axe-core: no serious or critical
    finding is allowed."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    width = driver.get_window_size()["width"]
    driver.set_window_size(width, min(max(height + 150, 700), 6000))
    driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))
    driver.set_window_size(width, 1000)
    driver.execute_script(axe_source())
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))))"
        ".catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e)}]));")
    serious = [v for v in found if v["impact"] in ("serious", "critical")]
    assert not serious, f"accessibility findings on {name}: {serious}"


def wait_for(driver, css: str, text: str | None = None, timeout: float = 30):
    """The element once present (and holding ``text``)."""
    wait = WebDriverWait(driver, timeout)
    if text is None:
        return wait.until(expected_conditions.presence_of_element_located((By.CSS_SELECTOR, css)))
    wait.until(expected_conditions.text_to_be_present_in_element((By.CSS_SELECTOR, css), text))
    return driver.find_element(By.CSS_SELECTOR, css)


def click_and_load(driver, element) -> None:
    """Click something that loads a new page (a form's button, a link), and wait until the
    new page is there: a click returns before a form's navigation has begun."""
    old_page = driver.find_element(By.TAG_NAME, "html")
    element.click()
    wait = WebDriverWait(driver, 30)
    wait.until(lambda _: _is_gone(old_page))
    wait.until(lambda d: d.execute_script("return document.readyState") == "complete")


def press_and_load(driver, element, key: str) -> None:
    """Press a key on something that then loads a new page, and wait for it."""
    old_page = driver.find_element(By.TAG_NAME, "html")
    element.send_keys(key)
    wait = WebDriverWait(driver, 30)
    wait.until(lambda _: _is_gone(old_page))
    wait.until(lambda d: d.execute_script("return document.readyState") == "complete")


def choose_and_load(driver, select, value: str) -> None:
    """Choose an option of a select whose change loads a new page, and wait for it."""
    old_page = driver.find_element(By.TAG_NAME, "html")
    Select(select).select_by_value(value)
    wait = WebDriverWait(driver, 30)
    wait.until(lambda _: _is_gone(old_page))
    wait.until(lambda d: d.execute_script("return document.readyState") == "complete")


def _is_gone(element) -> bool:
    """Whether ``element``'s page has been replaced. Chromium answers a node of a page being
    replaced with an inspector error rather than a stale-element one: both mean it is gone."""
    try:
        element.is_enabled()
    except WebDriverException:  # StaleElementReferenceException is one
        return True
    return False


def sign_in(driver, base: str, key: str) -> None:
    """Sign in through the form; the page after it is the home page."""
    driver.delete_all_cookies()
    driver.get(f"{base}/login")
    driver.find_element(By.ID, "key").send_keys(key)
    click_and_load(driver, driver.find_element(By.CSS_SELECTOR, "form button[type=submit].primary"))


def submit_files(driver, base: str, paths: list[Path], mode: str | None = None) -> None:
    """Choose files in the submit form and send them."""
    driver.get(f"{base}/submit")
    driver.find_element(By.ID, "files").send_keys("\n".join(str(p) for p in paths))
    if mode:
        driver.find_element(By.CSS_SELECTOR, f"#mode option[value={mode}]").click()
    click_and_load(driver, driver.find_element(By.CSS_SELECTOR, "form.submit button.primary"))


def paste(driver, base: str, text: str) -> None:
    """Paste a log into the submit form and send it."""
    driver.get(f"{base}/submit")
    area = driver.find_element(By.ID, "text")
    # A paste puts the whole text at once (typing it key by key would take minutes).
    driver.execute_script("arguments[0].value = arguments[1];", area, text)
    click_and_load(driver, driver.find_element(By.CSS_SELECTOR, "form.submit button.primary"))


def filter_ledger(driver, player: str) -> list:
    """Show the ledger rows of one player through the filter form; the rows of the page it
    loads."""
    driver.find_element(By.CSS_SELECTOR, "#ledger summary").click()
    Select(driver.find_element(By.ID, "ledger-player")).select_by_visible_text(player)
    click_and_load(driver, driver.find_element(By.CSS_SELECTOR, "form.filter button"))
    return driver.find_elements(By.CSS_SELECTOR, "#ledger-table tbody tr")


def verdict(driver, timeout: float = 30) -> str:
    """The verdict banner's text once the replay is finished (the page reloads itself)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = driver.find_elements(By.ID, "verdict")
        if found:
            return found[0].text
        time.sleep(0.2)
    raise AssertionError(f"no verdict after {timeout} s: {driver.page_source[:2000]}")
