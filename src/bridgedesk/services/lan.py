"""Where the phones at the tables reach the server: this machine's addresses on the
club's network (LAN), for ``bridgedesk serve``'s banner and the table cards.

A card printed with ``127.0.0.1`` or ``localhost`` sends every phone to itself:
:func:`table_base` puts the first LAN address in its place (and says so).
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit, urlunsplit

__all__ = ["is_loopback", "lan_addresses", "table_base"]

#: An address of the documentation range (RFC 5737): connecting a UDP socket to it
#: sends nothing but makes the system choose the interface it would route through.
_PROBE = "192.0.2.1"


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only (``localhost``, 127.x, ::1)."""
    if host.lower() in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (the routed one first)."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect((_PROBE, 9))
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if address not in found:
            found.append(address)
    return [a for a in found if not is_loopback(a) and a != "0.0.0.0"]


def _addresses() -> list[str]:
    return lan_addresses()


def table_base(url: str, addresses: list[str] | None = None) -> tuple[str, str | None]:
    """The address to print on table cards for ``url`` (the server as someone reached
    it), and a warning when no phone could reach it: a loopback host becomes the
    first LAN address (``addresses``, default :func:`lan_addresses`)."""
    parts = urlsplit(url.rstrip("/"))
    host = parts.hostname or ""
    if not is_loopback(host):
        return url.rstrip("/"), None
    lan = _addresses() if addresses is None else addresses
    if not lan:
        return url.rstrip("/"), (
            f"{host} is this computer only and it has no network address: "
            "phones at the tables cannot reach it"
        )
    netloc = lan[0] if parts.port is None else f"{lan[0]}:{parts.port}"
    shown = urlunsplit((parts.scheme, netloc, parts.path, "", ""))
    return shown, f"{host} is this computer only: the cards use {lan[0]} instead"
