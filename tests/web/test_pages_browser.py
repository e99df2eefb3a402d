"""The pages as people use them, in a real headless Chromium against the real service
(API, Redis and worker processes): submitting, reading a verdict, following a violation to
its line, a tournament's standings, stepping through a game, signing in."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
import zipfile
from collections import defaultdict

import pytest
import requests
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import replay
from tests.browser import chromium
from tests.web.pages import (
    ALICE_KEY,
    BOB_KEY,
    COIMBRA,
    click_and_load,
    filter_ledger,
    look,
    paste,
    press_and_load,
    sign_in,
    submit_files,
    text_log,
    verdict,
    wait_for,
)

pytestmark = [pytest.mark.browser, pytest.mark.redis]


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """One headless Chromium for the module (a phone-sized window where a test says)."""
    driver = chromium(tmp_path_factory.mktemp("chromium-profile"))
    yield driver
    driver.quit()


@pytest.fixture
def site(api_url, worker_process, browser):
    """The service's base URL, with Alice signed in."""
    sign_in(browser, api_url, ALICE_KEY)
    return api_url


def test_home_lists_the_games_and_offers_a_form(browser, api_url):
    browser.delete_all_cookies()
    browser.get(api_url + "/")
    text = browser.find_element(By.TAG_NAME, "main").text
    for game in replay.GAMES:
        assert game.title in text
    assert browser.find_element(By.ID, "text").is_displayed()
    look(browser, "home")
    click_and_load(browser, browser.find_element(By.LINK_TEXT, "text notation"))
    assert "[game" in browser.find_element(By.TAG_NAME, "main").text
    look(browser, "guide")


def test_a_pasted_text_log_is_legal_and_its_ledger_filters(browser, site):
    text = text_log(COIMBRA / "legal" / "game-3p.json")
    paste(browser, site, text)
    assert "LEGAL" in verdict(browser)
    assert browser.find_element(By.ID, "violations").text.endswith("No rule was broken.")
    assert browser.find_element(By.CSS_SELECTOR, "#score svg").is_displayed()
    look(browser, "replay-legal")
    report = replay.replay(replay.parse(text))
    browser.find_element(By.CSS_SELECTOR, "#phases summary").click()
    phases = browser.find_elements(By.CSS_SELECTOR, "#phases-table tbody tr")
    assert len(phases) == len(report["phases"]) > 0 and phases[0].is_displayed()
    look(browser, "replay-phases")
    rows = filter_ledger(browser, "bruno")
    ledger = report["ledger"]
    assert len(rows) == len([r for r in ledger if r["player"] == "bruno"]) > 0
    assert {row.find_elements(By.TAG_NAME, "td")[3].text for row in rows} == {"bruno"}
    look(browser, "replay-ledger")


def test_an_illegal_log_links_its_violation_to_the_highlighted_line(browser, site, tmp_path):
    text = text_log(COIMBRA / "illegal" / "city-row-other-row.json")
    log = tmp_path / "city-row.txt"
    log.write_text(text)
    expected = replay.replay(replay.parse(text))["violations"][0]
    submit_files(browser, site, [log])
    assert "ILLEGAL" in verdict(browser)
    violation = browser.find_element(By.CSS_SELECTOR, "#violations .violation")
    assert expected["rule"] in violation.text
    link = violation.find_element(By.CSS_SELECTOR, "a.line-link")
    assert link.text.startswith(f"line {expected['line']}")
    link.click()
    target = browser.execute_script("return document.querySelector(':target')")
    assert target.get_attribute("id") == f"L{expected['line']}"
    assert "bad" in target.get_attribute("class")
    written = target.find_element(By.TAG_NAME, "code").text  # the line as written
    assert written == text.splitlines()[expected["line"] - 1]
    assert target.value_of_css_property("background-color") == "rgba(255, 210, 77, 1)"
    look(browser, "replay-illegal")
    browser.set_window_size(390, 844)  # a phone
    look(browser, "replay-illegal-phone")
    browser.set_window_size(1280, 1000)


def _expected_standings(paths) -> dict[str, tuple[int, int]]:
    seen, table = set(), defaultdict(lambda: [0, 0])
    for path in paths:
        report = replay.replay(json.loads(path.read_text()))
        if path.read_bytes() in seen or report["verdict"] not in ("legal", "incomplete"):
            continue
        seen.add(path.read_bytes())
        for row in report["standings"]:
            table[row["player"]][0] += row["rank"] == 1
            table[row["player"]][1] += row["points"]
    return {player: tuple(row) for player, row in table.items()}


def test_a_zip_of_five_logs_shows_the_standings(browser, site, tmp_path):
    """Five games and a file that is no log: the games in the order of their names, the
    illegal one with its rule and event, the copy named, and the zip of reports with an
    index of every file, the refused one with its reason."""
    paths = [COIMBRA / "legal" / "game-2p.json", COIMBRA / "legal" / "game-3p.json",
             COIMBRA / "legal" / "game-4p.json", COIMBRA / "illegal" / "city-row-other-row.json",
             COIMBRA / "legal" / "game-4p.json"]
    names = ["table-1.json", "table-2.json", "table-3.json", "table-4.json", "table-10.json"]
    archive = tmp_path / "tournament.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("table-11.json", "our club night\n")
        for name, path in zip(names, paths, strict=True):
            zipped.writestr(name, path.read_text())
    submit_files(browser, site, [archive])
    wait_for(browser, "#status", "Every game is refereed")
    rows = browser.find_elements(By.CSS_SELECTOR, "table.standings tbody tr")
    shown = {cells[1]: (int(cells[3]), int(cells[4]))
             for cells in ([c.text for c in row.find_elements(By.TAG_NAME, "td")]
                           for row in rows)}
    assert shown == _expected_standings(paths)
    games = browser.find_element(By.ID, "games").text
    assert games.count("legal") >= 4 and "illegal" in games
    logs = [row.find_element(By.TAG_NAME, "td").text
            for row in browser.find_elements(By.CSS_SELECTOR, "#games tbody tr")]
    assert logs == [*names, "table-11.json"]
    illegal = browser.find_elements(By.CSS_SELECTOR, "#games tbody tr")[3].text
    # The fixture's broken move, as its expected outcome says: rule and event.
    assert "rule coimbra.city.row at event 18" in illegal
    assert "table-10.json is the same log as table-3.json" in \
        browser.find_element(By.ID, "duplicates").text
    look(browser, "tournament")
    csv_url = browser.find_element(By.LINK_TEXT, "Standings (CSV)").get_attribute("href")
    zip_url = browser.find_element(By.LINK_TEXT, "All reports (zip)").get_attribute("href")
    cookies = {c["name"]: c["value"] for c in browser.get_cookies()}
    lines = requests.get(csv_url, cookies=cookies, timeout=10).text.splitlines()
    assert lines[0] == "rank,player,games,wins,points" and len(lines) == len(rows) + 1
    reports = zipfile.ZipFile(io.BytesIO(requests.get(zip_url, cookies=cookies,
                                                      timeout=10).content))
    assert len([n for n in reports.namelist() if n.endswith(".report.json")]) == 5
    index = list(csv.DictReader(io.StringIO(reports.read("index.csv").decode())))
    assert [row["log"] for row in index] == [*names, "table-11.json"]
    assert index[-1]["status"] == "refused" and index[-1]["why"] and not index[-1]["reports"]


def test_stepping_to_an_event_shows_the_table_then(browser, site):
    source = COIMBRA / "legal" / "game-4p.json"
    paste(browser, site, source.read_text())
    assert "LEGAL" in verdict(browser)
    click_and_load(browser, browser.find_element(By.LINK_TEXT, "Step through the game"))
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "a[rel=next]"))
    assert wait_for(browser, "#event-number", "1").text == "1"
    slider = browser.find_element(By.ID, "event-slider")
    browser.execute_script("arguments[0].value = 40;", slider)
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "form.stepper button"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "The table after event 40"
    log = replay.load_log(json.loads(source.read_text()))
    state = replay.state_at(log, 40)
    table = browser.find_element(By.ID, "players-state")
    header = [c.text.split(" ")[0] for c in table.find_elements(By.CSS_SELECTOR, "thead th")]
    coins_row = next(r for r in table.find_elements(By.CSS_SELECTOR, "tbody tr")
                 if r.find_element(By.TAG_NAME, "th").text == "coins")
    coins = [c.text for c in coins_row.find_elements(By.TAG_NAME, "td")]
    assert coins == [str(state["players"][name]["coins"]) for name in header[1:]]
    actions = browser.find_elements(By.CSS_SELECTOR, "#legal-actions li")
    assert len(actions) == len(state["legal_actions"])
    assert actions[0].text.startswith(f"{state['acting_player']}:")
    # The log is shown as it was pasted: the fixture writes each event over several lines,
    # opening with "  {" and closing with "  }" (JSON indented by one), all of them marked.
    sent = source.read_text().splitlines()
    first = [n for n, text in enumerate(sent, 1) if text == "  {"][40]
    last = next(n for n in range(first, len(sent) + 1) if sent[n - 1].startswith("  }"))
    marked = browser.find_elements(By.CSS_SELECTOR, "ol.log-lines li.current")
    assert [li.get_attribute("id") for li in marked] == [f"L{n}" for n in range(first, last + 1)]
    assert marked[0].get_attribute("aria-current") == "true"
    assert [li.find_element(By.TAG_NAME, "code").text for li in marked] == sent[first - 1:last]
    look(browser, "step")
    # The arrow keys step on: the slider has the focus again on the page it loads.
    press_and_load(browser, browser.find_element(By.ID, "event-slider"), Keys.ARROW_RIGHT)
    assert wait_for(browser, "h1", "event 41").text == "The table after event 41"
    assert browser.switch_to.active_element.get_attribute("id") == "event-slider"


def test_signed_in_clients_see_only_their_own_replays(browser, site, api_url):
    paste(browser, site, text_log(COIMBRA / "legal" / "game-2p.json"))
    verdict(browser)
    alice_replay = browser.current_url
    browser.get(api_url + "/replays")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#replays tbody tr")) == 1
    look(browser, "replays")
    sign_in(browser, api_url, BOB_KEY)
    browser.get(api_url + "/replays")
    assert not browser.find_elements(By.ID, "replays")
    assert "No replays yet" in browser.find_element(By.TAG_NAME, "main").text
    browser.get(alice_replay)
    assert browser.find_element(By.TAG_NAME, "h1").text == "404: No such replay"
    look(browser, "error-not-found")


def test_a_wrong_key_is_refused(browser, api_url):
    sign_in(browser, api_url, "not-a-key-of-anyone-here")
    assert "This API key is not known." in browser.find_element(By.ID, "problem").text
    look(browser, "sign-in-refused")
    browser.get(api_url + "/replays")
    assert browser.current_url.startswith(api_url + "/login")


def test_a_catalog_upload_shows_its_problems_located(browser, site, tmp_path):
    document = replay.GAMES.find("coimbra").catalog_template()
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(document))
    browser.get(site + "/catalogs")
    browser.find_element(By.ID, "name").send_keys("club")
    browser.find_element(By.ID, "file").send_keys(str(broken))
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "form button.primary"))
    problems = browser.find_elements(By.CSS_SELECTOR, "#problem table.problems tbody tr")
    expected = replay.GAMES.find("coimbra").check_catalog(document)
    assert len(problems) == len(expected) > 0
    assert problems[0].find_element(By.TAG_NAME, "td").text == expected[0].path
    look(browser, "catalog-problems")


def test_progress_is_live_until_the_report_is_shown(browser, api_url, start_worker):
    sign_in(browser, api_url, ALICE_KEY)
    look(browser, "home-signed-in")
    paste(browser, api_url, text_log(COIMBRA / "legal" / "game-2p.json"))
    # No worker yet: the replay waits in the queue, and the page says so.
    assert "queued" in wait_for(browser, "#status").text
    assert browser.find_element(By.ID, "progress").is_displayed()
    look(browser, "replay-queued")
    start_worker()
    assert "LEGAL" in verdict(browser)  # the page's script saw it finish and showed it


def test_a_shared_link_opens_the_report_without_a_key(browser, site):
    paste(browser, site, text_log(COIMBRA / "legal" / "game-2p.json"))
    assert "LEGAL" in verdict(browser)
    click_and_load(browser, browser.find_element(By.CSS_SELECTOR, "nav.actions form button"))
    url = browser.find_element(By.ID, "share-url").get_attribute("value")
    look(browser, "share")
    browser.delete_all_cookies()
    browser.get(url)
    assert "LEGAL" in browser.find_element(By.ID, "verdict").text


def test_the_submit_and_catalog_pages_read_well(browser, site):
    browser.get(site + "/submit")
    assert browser.find_element(By.CSS_SELECTOR, "details.options").get_attribute("open")
    look(browser, "submit")
    browser.set_window_size(390, 844)
    look(browser, "submit-phone")
    browser.set_window_size(1280, 1000)
    browser.get(site + "/catalogs")
    look(browser, "catalogs")


def test_consequences_are_folded_under_their_cause(browser, site, tmp_path):
    log = replay.GAMES.get("coimbra").generate(3, seed=11)
    place = next(i for i, e in enumerate(log["events"]) if e["type"] == "place")
    log["events"][place]["die"] = "gray9"  # not in the pool: skipped, and later moves suffer
    report = replay.replay(log, mode="audit")
    following = [v for v in report["violations"] if v.get("follows_from") == place]
    assert following, "the broken log must have consequences for this test to mean anything"
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(log))
    submit_files(browser, site, [path], mode="audit")
    assert "ILLEGAL" in verdict(browser)
    root = browser.find_element(By.CSS_SELECTOR, "#violations > .violation")
    assert root.find_element(By.TAG_NAME, "h3").text.startswith(f"Event {place} ")
    folded = root.find_element(By.CSS_SELECTOR, "details.consequences")
    assert folded.find_element(By.TAG_NAME, "summary").text.startswith(str(len(following)))
    inner = folded.find_elements(By.CSS_SELECTOR, ".consequence-list li")
    assert len(inner) == len(following) and not inner[0].is_displayed()
    folded.find_element(By.TAG_NAME, "summary").click()
    assert inner[0].is_displayed()
    look(browser, "replay-consequences")


def test_submitting_and_reading_work_without_javascript(api_url, start_worker, tmp_path,
                                                        tmp_path_factory):
    driver = chromium(tmp_path_factory.mktemp("chromium-no-script"), javascript=False)
    try:
        driver.get("data:text/html,<p id=x>off</p><script>x.textContent='on'</script>")
        assert driver.find_element(By.ID, "x").text == "off"  # scripts really are off
        sign_in(driver, api_url, ALICE_KEY)
        log = tmp_path / "table-2.txt"
        log.write_text(text_log(COIMBRA / "illegal" / "city-row-other-row.json"))
        submit_files(driver, api_url, [log])
        # No worker of this test runs yet; a worker another test left stopping may still take
        # the job, in which case the report is already there.
        waiting = driver.find_elements(By.ID, "status")
        with contextlib.suppress(StaleElementReferenceException):  # it refreshed meanwhile
            assert not waiting or "queued" in waiting[0].text
        start_worker()
        # The waiting page refreshes itself (a <noscript> refresh) until the report is in.
        assert "ILLEGAL" in verdict(driver)
        link = driver.find_element(By.CSS_SELECTOR, "#violations a.line-link")
        link.click()
        assert driver.current_url.endswith(link.get_attribute("hash"))
        rows = filter_ledger(driver, "ana")
        assert rows and {row.find_elements(By.TAG_NAME, "td")[3].text for row in rows} == {"ana"}
    finally:
        driver.quit()


PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
BARE_ID = re.compile(r"[a-z]+\d*[a-z]?-[\w-]+|[a-z]+[:_][a-z_]+")


def test_one_missing_line_leaves_a_short_page_led_by_its_cause_on_a_phone_too(
        browser, site, tmp_path):
    """A four-player Viscounts game without its third ``move`` line, audited: the causes
    lead with their consequences folded, the page is at most three times the clean game's
    height, the first cause is the line where the move is missing and its link lands on
    that line on a phone, where nothing is wider than the screen; points read by source
    names, not ids."""
    log = replay.load_log(replay.GAMES.get("viscounts").generate(4, 1))
    lines = replay.print_log(log, "text").splitlines()
    gone = [i for i, line in enumerate(lines) if ": move " in line][2]
    paths = {"clean": tmp_path / "clean.txt", "broken": tmp_path / "broken.txt"}
    paths["clean"].write_text("\n".join(lines) + "\n")
    paths["broken"].write_text("\n".join(lines[:gone] + lines[gone + 1:]) + "\n")
    heights = {}
    for name, path in paths.items():
        submit_files(browser, site, [path], mode="audit")
        verdict(browser)
        heights[name] = browser.execute_script("return document.documentElement.scrollHeight")
        if name == "clean":
            sources = [th.text for th in browser.find_elements(By.CSS_SELECTOR,
                                                               "#sources tbody th")]
            assert sources and not [s for s in sources if BARE_ID.fullmatch(s)], sources
    assert heights["broken"] <= 3 * heights["clean"], heights
    folded = browser.find_elements(By.CSS_SELECTOR, "#violations > .violation details")
    assert folded and not any(d.get_attribute("open") for d in folded)
    first = browser.find_element(By.CSS_SELECTOR, "#violations > .violation a.line-link")
    # The player's next line (their trade) moved up into the missing move's place.
    assert first.text.startswith(f"line {gone + 1},")
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        browser.refresh()
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
        browser.find_element(By.CSS_SELECTOR, "#violations > .violation a.line-link").click()
        top = browser.execute_script(
            f"return document.getElementById('L{gone + 1}').getBoundingClientRect().top")
        assert 0 <= top < PHONE["height"]
        look(browser, "replay-one-missing-line-phone")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
