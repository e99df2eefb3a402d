"""The system's headless Chromium through selenium, shared by the browser tests.

Needs Debian's ``chromium`` and ``chromium-driver`` (``make test`` installs them); without
them the tests fail rather than skip, so a missing browser is never mistaken for a pass.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def chromium(profile: Path, width: int = 1280, height: int = 1000,
             javascript: bool = True) -> webdriver.Chrome:
    """A headless Chromium that never touches the network or downloads a driver (and runs
    no script of the pages it opens when ``javascript`` is False)."""
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    if missing:
        pytest.fail(f"headless browser tests need {' and '.join(missing)}: install the Debian "
                    "packages chromium and chromium-driver (make test does)", pytrace=False)
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                f"--window-size={width},{height}", f"--user-data-dir={profile}"):
        options.add_argument(arg)
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(options=options, service=Service(executable_path=str(CHROMEDRIVER)))
