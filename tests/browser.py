"""The system's headless Chromium through selenium, shared by the browser tests.

Needs Debian's ``chromium`` and ``chromium-driver`` (``make test`` installs them when it
can). In CI a missing browser fails the tests, so it is never mistaken for a pass; on a
machine where the packages cannot be installed they are skipped, and the skip says why.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def require_browser(*paths: Path) -> None:
    """Skip, saying why, when the browser is missing; under CI fail instead."""
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        reason = (f"headless browser tests need {' and '.join(missing)}: install the Debian "
                  "packages chromium and chromium-driver (make browser, as root)")
        if os.environ.get("CI"):
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)


def chromium(profile: Path, width: int = 1280, height: int = 1000,
             javascript: bool = True) -> webdriver.Chrome:
    """A headless Chromium that never touches the network or downloads a driver (and runs
    no script of the pages it opens when ``javascript`` is False)."""
    require_browser(CHROMIUM, CHROMEDRIVER)
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
