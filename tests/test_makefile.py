"""``make test`` installs what the browser, store and page tests need with apt-get when
run as root; another installer holding the dpkg lock must make it wait, not abort the
whole run (issue 25), and it says what it installs."""

from __future__ import annotations

import re
from pathlib import Path

MAKEFILE = (Path(__file__).resolve().parents[1] / "Makefile").read_text(encoding="utf-8")


def test_apt_waits_for_the_dpkg_lock() -> None:
    apt = re.search(r"^APT\s*:=\s*(.+)$", MAKEFILE, re.M)
    assert apt is not None and "DPkg::Lock::Timeout=" in apt.group(1)
    recipes = [line for line in MAKEFILE.splitlines() if line.startswith("\t")]
    calls = [x for x in recipes if re.search(r"apt-get (update|install)", x) and "echo" not in x]
    assert calls == [], f"apt-get run without the lock timeout: {calls}"
    installs = re.findall(r"\$\(APT\) install -y -qq (\S+)", MAKEFILE)
    assert set(installs) == {"chromium", "postgresql", "fonts-ipafont-gothic"}
    for package in installs:  # each install is announced by name
        assert f"apt-get install {package})" in MAKEFILE
