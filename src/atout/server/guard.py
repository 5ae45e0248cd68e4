"""What keeps the server standing against abuse: limits per address and per account, the
sign-in gate with its own small pool for password hashing, and the cleaning of names and
chat (bidirectional controls, look-alike letters). docs/security.md explains each.

The gate follows the OWASP authentication cheat sheet: failed sign-ins are counted per
address (a window) and per account (an exponential backoff, not a lockout that anyone could
impose on someone else); a refusal says ``rate_limited`` and when to try again; a wrong name
costs the same hashing time as a wrong password; a password longer than
:data:`MAX_PASSWORD_BYTES` is refused before it is hashed; and hashing runs in a pool of its
own with a bounded queue, so a flood of sign-ins never waits in front of the bots' moves and
the store's writes (which use the event loop's default pool).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import math
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from .accounts import Accounts, AuthError, Player, check_name
from .names import skeleton

MAX_PASSWORD_BYTES = 1024
"""The longest password the server hashes, in bytes of UTF-8 (longer: refused at once)."""
PAUSE = 1.0
"""Seconds a refused sign-in waits before its answer: a client that floods on one connection
after another pays with its own time, not the server's (the wait holds no thread)."""
MAX_KEYS = 100_000
"""The most addresses or accounts a limiter remembers (the oldest are forgotten first)."""

def address_key(host: str) -> str:
    """What the limits per address count by: an IPv4 address, or an IPv6 address's /64
    (one subscriber's whole network, which holds countless addresses)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip.ipv4_mapped) if isinstance(ip, ipaddress.IPv6Address) else str(ip)


class RateLimited(Exception):
    """Too many attempts: a sentence, and how many seconds to wait."""

    code = "rate_limited"

    def __init__(self, message: str, retry_after: float) -> None:
        self.retry_after = max(1, math.ceil(retry_after))
        super().__init__(f"{message}: try again in {self.retry_after} s")


class Window:
    """At most ``count`` events per ``seconds`` for each key (an address)."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self.times: dict[str, deque[float]] = {}

    def wait(self, key: str, now: float) -> float:
        """Seconds until one more event is allowed for ``key`` (0: now)."""
        times = self.times.get(key)
        if times is None:
            return 0.0
        while times and now - times[0] >= self.seconds:
            times.popleft()
        if not times:
            del self.times[key]
            return 0.0
        return 0.0 if len(times) < self.count else times[0] + self.seconds - now

    def add(self, key: str, now: float) -> None:
        """Count one event for ``key``."""
        if key not in self.times and len(self.times) >= MAX_KEYS:
            del self.times[next(iter(self.times))]
        self.times.setdefault(key, deque()).append(now)


class Backoff:
    """Failures per key (an account): after ``free`` of them, each further one shuts the key
    for twice as long as the last (``base``, ``2 base`` … up to ``most`` seconds). A success
    forgets them. Nobody can lock an account for good: the wait is bounded."""

    def __init__(self, free: int = 5, base: float = 1.0, most: float = 300.0) -> None:
        self.free = free
        self.base = base
        self.most = most
        self.failures: dict[str, tuple[int, float]] = {}

    def wait(self, key: str, now: float) -> float:
        """Seconds before ``key`` may be tried again (0: now)."""
        count, until = self.failures.get(key, (0, 0.0))
        return max(0.0, until - now) if count else 0.0

    def failed(self, key: str, now: float) -> None:
        """One more failure for ``key``."""
        count, _ = self.failures.pop(key, (0, 0.0))
        if len(self.failures) >= MAX_KEYS:
            del self.failures[next(iter(self.failures))]
        count += 1
        shut = 0.0 if count <= self.free else min(self.most,
                                                  self.base * 2 ** (count - self.free - 1))
        self.failures[key] = (count, now + shut)

    def succeeded(self, key: str) -> None:
        """Forget ``key``'s failures."""
        self.failures.pop(key, None)


@dataclass
class Limits:
    """The limits of anonymous and signing-in use (``atout serve`` options, docs/security.md)."""

    hash_workers: int = 1
    """Threads that hash passwords (their own pool: sign-ins never delay play)."""
    hash_queue: int = 8
    """Sign-ins waiting for a hashing thread beyond which more are refused at once."""
    per_address_hashing: int = 1
    """Sign-ins of one address hashed or waiting at once."""
    login_failures: int = 20
    """Failed sign-ins per address in ``login_window`` seconds."""
    login_window: float = 600.0
    account_free: int = 5
    """Failed sign-ins to one account before its backoff starts (1 s, then doubled, up to
    5 minutes)."""
    signups: int = 60
    """Guests and accounts made per address in ``signup_window`` seconds."""
    signup_window: float = 3600.0
    waiting_tables: int = 3
    """Tables waiting for players that one player may host at once."""
    waiting_expiry: float = 1800.0
    """Seconds a table may wait for its start before it is removed."""
    hello_timeout: float = 10.0
    """Seconds a WebSocket has to say hello."""
    body_bytes: int = 16_384
    """The largest HTTP body the server reads."""


HASH_NICE = 10
"""How much lower than play's the hashing threads' scheduling priority is (Linux ``nice``,
per thread): when the cores are busy, the tables' work runs first."""


def _lower_priority() -> None:
    """Run the calling thread at a lower scheduling priority, where the system allows it."""
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(),
                       min(19, os.getpriority(os.PRIO_PROCESS, 0) + HASH_NICE))


class Gate:
    """Sign-in under limits: the per-address and per-account counts, and the hashing pool."""

    def __init__(self, accounts: Accounts, limits: Limits | None = None) -> None:
        self.accounts = accounts
        self.limits = limits or Limits()
        self.pool = ThreadPoolExecutor(max_workers=self.limits.hash_workers,
                                       thread_name_prefix="atout-hash")
        self.suspect = ThreadPoolExecutor(max_workers=1, thread_name_prefix="atout-suspect",
                                          initializer=_lower_priority)
        """The sign-ins of addresses and accounts with recent failures: one at a time, at
        a lower priority than play, and never in front of the others'."""
        self.failures = Window(self.limits.login_failures, self.limits.login_window)
        self.signups = Window(self.limits.signups, self.limits.signup_window)
        self.backoff = Backoff(self.limits.account_free)
        self.hashing: dict[str, int] = {}
        self.pending = 0
        self.pause = PAUSE
        """Seconds a refused sign-in waits for its answer."""
        self.clock: Callable[[], float] = time.monotonic
        """The clock the limits count by (seconds; tests set their own)."""

    def close(self) -> None:
        """Stop the hashing pools."""
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.suspect.shutdown(wait=False, cancel_futures=True)

    async def _hashed(self, address: str, work: Callable[..., tuple[str, Player]],
                      *args: object, suspect: bool = False) -> tuple[str, Player]:
        """Run a sign-in that hashes in the pool, within the queue's bounds."""
        limits = self.limits
        if self.pending >= limits.hash_workers + limits.hash_queue:
            raise RateLimited("the server is busy signing people in", 1)
        if self.hashing.get(address, 0) >= limits.per_address_hashing:
            raise RateLimited("too many sign-ins at once from your address", 1)
        self.pending += 1
        self.hashing[address] = self.hashing.get(address, 0) + 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.suspect if suspect else self.pool, work,
                                              *args)
        finally:
            self.pending -= 1
            self.hashing[address] -= 1
            if not self.hashing[address]:
                del self.hashing[address]

    @staticmethod
    def _password(password: object) -> str:
        if not isinstance(password, str):
            raise AuthError("bad_password", "a password is a string")
        if len(password.encode("utf-8", "surrogatepass")) > MAX_PASSWORD_BYTES:
            raise AuthError("bad_password", f"a password has at most {MAX_PASSWORD_BYTES} "
                            "bytes")
        return password

    async def login(self, address: str, name: object, password: object) -> tuple[str, Player]:
        """Sign in to an account (``RateLimited`` when too many failed; ``AuthError``)."""
        account = skeleton(check_name(name))
        secret = self._password(password)
        now = self.clock()
        try:
            wait = self.failures.wait(address, now)
            if wait:
                raise RateLimited("too many failed sign-ins from your address", wait)
            wait = self.backoff.wait(account, now)
            if wait:
                raise RateLimited("too many failed sign-ins to this account", wait)
            suspect = address in self.failures.times or \
                self.backoff.failures.get(account, (0, 0.0))[0] > self.backoff.free
            result = await self._hashed(address, self.accounts.login, name, secret,
                                        suspect=suspect)
        except RateLimited as exc:
            await asyncio.sleep(min(self.pause, exc.retry_after))
            raise
        except AuthError as exc:
            if exc.code == "bad_login":
                now = self.clock()
                self.failures.add(address, now)
                self.backoff.failed(account, now)
            raise
        self.backoff.succeeded(account)
        return result

    def _signup(self, address: str) -> None:
        now = self.clock()
        wait = self.signups.wait(address, now)
        if wait:
            raise RateLimited("too many new players from your address", wait)
        self.signups.add(address, now)

    async def register(self, address: str, name: object,
                       password: object) -> tuple[str, Player]:
        """A new account (counted with the guests of the address)."""
        check_name(name)
        self._password(password)
        self._signup(address)
        return await self._hashed(address, self.accounts.register, name, password)

    async def guest(self, address: str, name: object) -> tuple[str, Player]:
        """A new guest (``RateLimited`` beyond the address's sign-ups)."""
        check_name(name)
        self._signup(address)
        return await asyncio.to_thread(self.accounts.guest, name)


__all__ = ["MAX_PASSWORD_BYTES", "Backoff", "Gate", "Limits", "RateLimited", "Window",
           "address_key"]
