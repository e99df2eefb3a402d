"""Where a completion webhook may go: public addresses only, resolved once and pinned.

A webhook URL is a request the service makes on a client's behalf, so it must not reach
the service's own side of the network: loopback, private, link-local (cloud metadata),
shared or reserved addresses are refused after name resolution, and the delivery connects
to the address checked here, not to whatever the name resolves to a moment later.
``REFEREE_WEBHOOK_ALLOW_PRIVATE=1`` lifts the address rule, for tests and for private
deployments whose receivers live on the same network.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

SCHEMES = {"http": 80, "https": 443}


class ForbiddenTarget(ValueError):
    """The webhook URL may not be called; the message says why."""


@dataclass(frozen=True)
class Target:
    """A webhook URL with the address it resolved to."""

    scheme: str
    host: str
    port: int
    address: str
    path: str  # path and query, as sent in the request line

    @property
    def host_header(self) -> str:
        """The ``Host`` header: the name the client gave, with a port when not default."""
        name = f"[{self.host}]" if ":" in self.host else self.host
        return name if self.port == SCHEMES[self.scheme] else f"{name}:{self.port}"


def private_allowed() -> bool:
    """Whether this deployment lets webhooks reach private and loopback addresses."""
    return os.environ.get("REFEREE_WEBHOOK_ALLOW_PRIVATE", "") in ("1", "true", "yes")


def resolve_target(url: str, allow_private: bool | None = None) -> Target:
    """The URL's host resolved to one permitted address; ``ForbiddenTarget`` otherwise."""
    allow_private = private_allowed() if allow_private is None else allow_private
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES:
        raise ForbiddenTarget("a webhook is an http or https URL")
    if parts.username or parts.password:
        raise ForbiddenTarget("a webhook URL carries no user name or password")
    host = parts.hostname
    if not host:
        raise ForbiddenTarget("the webhook URL names no host")
    try:
        port = parts.port or SCHEMES[parts.scheme]
    except ValueError:
        raise ForbiddenTarget("the webhook URL's port is not a number from 1 to 65535") \
            from None
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise ForbiddenTarget(f"the webhook host {host} does not resolve") from None
    addresses = [ipaddress.ip_address(info[4][0].split("%")[0]) for info in found]
    if not addresses:
        raise ForbiddenTarget(f"the webhook host {host} does not resolve")
    if not allow_private:
        # Every address must be public: a name resolving to both kinds is refused.
        for address in addresses:
            mapped = getattr(address, "ipv4_mapped", None) or address
            if not mapped.is_global or mapped.is_multicast:
                raise ForbiddenTarget(
                    f"the webhook host {host} is {address}, not a public address")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(parts.scheme, host, port, str(addresses[0]), path)
