"""Where a completion webhook may go: public addresses only, resolved once and pinned.

A webhook URL is a request the service makes on a client's behalf, so it must not reach
the service's own side of the network: loopback, private, link-local (cloud metadata),
shared or reserved addresses are refused after name resolution, and the delivery connects
to the address checked here, not to whatever the name resolves to a moment later. An IPv6
address that carries an IPv4 one (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo) is
refused when the IPv4 address inside it would be: ``[::7f00:1]`` is loopback too.
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
# Ranges that are not globally reachable unicast (IANA's special-purpose registries) but
# that the standard library's ``is_global`` counts as global.
NOT_GLOBAL = tuple(ipaddress.ip_network(network) for network in (
    "192.0.0.0/24",  # IETF protocol assignments (192.0.0.8 and its neighbours)
    "192.88.99.0/24",  # 6to4 relay anycast, deprecated
    "::/96",  # IPv4-compatible IPv6, deprecated: ::7f00:1 is 127.0.0.1
    "64:ff9b:1::/48",  # NAT64 for local use
    "fec0::/10",  # site-local, deprecated
    "3fff::/20",  # documentation
    "5f00::/16",  # segment routing identifiers
))
NAT64 = ipaddress.ip_network("64:ff9b::/96")  # the well-known prefix: IPv4 in the last 32 bits
IPV4_COMPATIBLE = ipaddress.ip_network("::/96")


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
            refused = refusal(address)
            if refused:
                raise ForbiddenTarget(f"the webhook host {host} is {refused}")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(parts.scheme, host, port, str(addresses[0]), path)


def embedded_ipv4(address: ipaddress.IPv4Address | ipaddress.IPv6Address) \
        -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries (a packet to it may reach them)."""
    if address.version == 4:
        return []
    found = [address.ipv4_mapped] if address.ipv4_mapped else []
    if address in NAT64 or address in IPV4_COMPATIBLE:
        found.append(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
    if address.sixtofour:
        found.append(address.sixtofour)
    if address.teredo:
        found.extend(address.teredo)  # its server, and its client
    return found


def refusal(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str | None:
    """Why a webhook may not connect to ``address`` (it, or an IPv4 address it carries, is
    not public unicast), as the end of a sentence; None when it may."""
    for candidate in (*embedded_ipv4(address), address):  # what it carries, named first
        if not candidate.is_global or candidate.is_multicast \
                or any(candidate in network for network in NOT_GLOBAL
                       if network.version == candidate.version):
            inside = f" (it carries {candidate})" if candidate is not address else ""
            return f"{address}{inside}, not a public address"
    return None
