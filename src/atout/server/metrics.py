"""The server's metrics in the Prometheus text format (``GET /metrics``).

Each process reports its own: the tables it runs by status, its clients, the actions it
applied and the store commits they took, how long each kind of message took to handle (an
``act``: checked, written, applied and sent), and in a cluster the messages it forwarded to
other processes, the frames it relayed back and the tables it took over. Prometheus adds the
processes up (docs/deploy.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from .hub import Hub

if TYPE_CHECKING:
    from .cluster import Cluster

BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: the latency goal (50 ms) falls between two buckets' bounds."""


class _State(Collector):
    """Read at each scrape from the hub (and the cluster): nothing is counted twice."""

    def __init__(self, hub: Hub, cluster: Cluster | None) -> None:
        self.hub = hub
        self.cluster = cluster

    def collect(self) -> Iterator[Metric]:
        tables = GaugeMetricFamily("atout_tables", "Tables run by this process, by status.",
                                   labels=["status"])
        counts = {"waiting": 0, "playing": 0, "over": 0}
        for table in list(self.hub.tables.values()):
            counts[table.status] += 1
        for status, n in counts.items():
            tables.add_metric([status], n)
        yield tables
        local = [c for c in list(self.hub.conns) if c.player is not None]
        remote = len(self.cluster.proxies) if self.cluster is not None else 0
        clients = GaugeMetricFamily("atout_clients", "Signed-in clients: connected to this "
                                    "process (local), or to another process and playing at "
                                    "a table of this one (remote).", labels=["where"])
        clients.add_metric(["local"], len(local) - remote)
        clients.add_metric(["remote"], remote)
        yield clients
        yield CounterMetricFamily("atout_actions", "Actions applied by this process.",
                                  value=self.hub.actions)
        yield CounterMetricFamily("atout_store_commits", "Store transactions that wrote "
                                  "actions (several tables' actions share one).",
                                  value=self.hub.writer.commits)
        if self.cluster is not None:
            c = self.cluster
            yield GaugeMetricFamily("atout_cluster_leases", "Table leases this process holds.",
                                    value=len(c.owned))
            yield CounterMetricFamily("atout_cluster_forwarded", "Client messages sent by "
                                      "Redis to the process that owns their table.",
                                      value=c.forwarded)
            yield CounterMetricFamily("atout_cluster_relayed", "Frames from other processes "
                                      "sent on to this process's clients.", value=c.relayed)
            yield CounterMetricFamily("atout_cluster_takeovers", "Tables this process took "
                                      "over from a process that died.", value=c.takeovers)


class Metrics:
    """One process's metrics: a registry of its own (several servers may share a Python
    process in tests)."""

    def __init__(self, hub: Hub, cluster: Cluster | None = None) -> None:
        self.registry = CollectorRegistry()
        self.latency = Histogram("atout_message_seconds", "Seconds to handle a client's "
                                 "message, by type (act: checked, written to the store, "
                                 "applied and queued to every recipient).", ["type"],
                                 registry=self.registry, buckets=BUCKETS)
        self.registry.register(_State(hub, cluster))
        hub.timer = self.observe

    def observe(self, kind: str, seconds: float) -> None:
        """Count one handled message of type ``kind`` (a protocol type: a bounded set)."""
        self.latency.labels(kind).observe(seconds)

    def render(self) -> tuple[bytes, str]:
        """The metrics as Prometheus reads them, and their content type."""
        return generate_latest(self.registry), CONTENT_TYPE_LATEST


__all__ = ["Metrics"]
