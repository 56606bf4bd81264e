"""Reads c2spark run reports (report-<run>.jsonl: one JSON row per partition, sector, failed
attempt and run) into pandas tables, and derives what the notebooks plot: throughput, per-phase
time, waits, and each GPU's busy fraction, per run and per configuration (GPUs, workers per GPU).

Reports differ in what they hold (a CPU-only run has no GPU; a prover that does not run through a
device coordinator has no device clock; an older report has no scheduling fields), so every
derived column may be missing or NaN, and `missing()` says in words what a report set lacks.
"""
import glob
import json
import os

import pandas as pd

REPORT_ENV = "C2SPARK_REPORT"
PLOTS_ENV = "C2SPARK_PLOTS"
# `deploy/bin/c2spark run` writes to c2spark-out/ at the repository root; notebooks run in notebooks/.
DEFAULT_REPORT = os.path.join("..", "c2spark-out")


def report_spec():
    """The report location the notebooks read: $C2SPARK_REPORT, else the demo run's output folder."""
    return os.environ.get(REPORT_ENV) or DEFAULT_REPORT


def report_paths(spec):
    """A report file, a folder (every report-*.jsonl below it) or a glob, as a sorted list of files."""
    if os.path.isdir(spec):
        paths = glob.glob(os.path.join(spec, "**", "report-*.jsonl"), recursive=True)
    elif os.path.isfile(spec):
        paths = [spec]
    else:
        paths = glob.glob(spec, recursive=True)
    if not paths:
        raise FileNotFoundError(
            f"no c2spark report at {spec!r}: set {REPORT_ENV} to a report-<run>.jsonl file, a folder "
            "holding such files, or a glob; `deploy/bin/c2spark run` writes one to c2spark-out/")
    return sorted(paths)


def _rows(paths):
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if line.strip():
                    try:
                        rows.append(json.loads(line))
                    except json.JSONDecodeError as e:
                        raise ValueError(f"{path}:{number}: not a JSON row: {e}") from e
    return rows


def _flatten(row, field, prefix):
    """Lifts a nested map of numbers (phasesMs, waitsMs, deviceClockMs) into prefixed columns."""
    nested = row.pop(field, None) or {}
    for key, value in nested.items():
        row[prefix + key] = value
    return row


class Report:
    """The rows of one or more reports, by type, with the derived tables the notebooks plot."""

    def __init__(self, paths):
        self.paths = list(paths)
        rows = _rows(self.paths)
        by_type = {}
        for r in rows:
            by_type.setdefault(r.get("type", "?"), []).append(dict(r))
        parts = [_flatten(_flatten(_flatten(r, "phasesMs", "phase."), "waitsMs", "wait."), "deviceClockMs", "clock.")
                 for r in by_type.get("partition", [])]
        self.partitions = pd.DataFrame(parts)
        self.sectors = pd.DataFrame(by_type.get("sector", []))
        self.attempts = pd.DataFrame(by_type.get("attempt", []))
        self.runs = pd.DataFrame(by_type.get("run", []))
        if not self.partitions.empty:
            p = self.partitions
            p["gpu"] = p["host"].astype(str) + "/" + p["device"].astype(str)
            p["taskMs"] = p["endMs"] - p["startMs"]
        self.devices = self._devices()
        self.configs = self._configs()

    def prepare_spans(self):
        """One row per prepared sector: run, sector, and its preparation's startMs and endMs (the
        executor's clock, epoch ms like the partitions'); empty for reports without them."""
        s = self.sectors
        if s.empty or "prepareStartMs" not in s.columns:
            return pd.DataFrame(columns=["run", "sector", "startMs", "endMs"])
        s = s.dropna(subset=["prepareStartMs", "prepareEndMs"])
        return pd.DataFrame({"run": s["run"], "sector": s["sector"], "startMs": s["prepareStartMs"],
                             "endMs": s["prepareEndMs"]}).reset_index(drop=True)

    def columns(self, prefix):
        """The partition table's columns that start with prefix (e.g. 'phase.', 'wait.'), in report order."""
        return [c for c in self.partitions.columns if c.startswith(prefix)]

    def gpu_partitions(self):
        p = self.partitions
        return p[p["device"] != "cpu"] if not p.empty else p

    def _devices(self):
        """One row per run and device: partitions, observed concurrency, task occupancy, GPU busy fraction."""
        p = self.partitions
        if p.empty:
            return pd.DataFrame()
        out = []
        for (run, gpu), g in p.groupby(["run", "gpu"]):
            span = g["endMs"].max() - g["startMs"].min()
            out.append({
                "run": run,
                "gpu": gpu,
                "isGpu": not gpu.endswith("/cpu"),
                "partitions": len(g),
                "maxConcurrent": max_concurrent(g["startMs"], g["endMs"]),
                "taskOccupancy": union_length(g["startMs"], g["endMs"]) / span if span > 0 else float("nan"),
                "busyFraction": busy_fraction(g),
            })
        return pd.DataFrame(out)

    def _configs(self):
        """One row per run: its layout (GPUs, workers per GPU and where that figure came from) and throughput."""
        if self.runs.empty:
            return pd.DataFrame()
        out = []
        for _, r in self.runs.iterrows():
            run = r["run"]
            d = self.devices[self.devices["run"] == run] if not self.devices.empty else pd.DataFrame()
            gpus = d[d["isGpu"]] if not d.empty else d
            configured = r.get("workersPerGpu")
            if configured is not None and not pd.isna(configured):
                workers, source = int(configured), "configured"
            elif not gpus.empty:
                workers, source = int(gpus["maxConcurrent"].max()), "observed"
            else:
                workers, source = float("nan"), "none (no GPU)"
            p = self.partitions[self.partitions["run"] == run] if not self.partitions.empty else self.partitions
            hours = r["wallMs"] / 3.6e6 if r.get("wallMs") else float("nan")
            waits = [c for c in self.columns("wait.")]
            out.append({
                "run": run,
                "master": r.get("master", "?"),
                "gpus": len(gpus),
                "workersPerGpu": workers,
                "workersPerGpuSource": source,
                "sectors": r.get("sectors"),
                "verified": r.get("verified"),
                "failed": r.get("failed"),
                "partitions": len(p),
                "wallS": r["wallMs"] / 1000.0,
                "sectorsPerHour": r.get("verified", 0) / hours if hours > 0 else float("nan"),
                "partitionsPerHour": len(p) / hours if hours > 0 else float("nan"),
                "meanWaitMs": p[waits].fillna(0).sum(axis=1).mean() if waits and len(p) else float("nan"),
                "meanBusyFraction": gpus["busyFraction"].mean() if not gpus.empty else float("nan"),
            })
        return pd.DataFrame(out)

    def missing(self):
        """What this report set lacks for the notebooks' questions, as sentences (empty: nothing)."""
        notes = []
        if self.partitions.empty:
            notes.append("no partition rows: no sector reached the prove stage")
            return notes
        if self.gpu_partitions().empty:
            notes.append("every partition ran on the CPU: no GPU dimension (GPUs, workers per GPU, busy fraction)")
        elif not self.columns("clock."):
            notes.append("no device clock (deviceClockMs): the prover did not run through a device coordinator, "
                         "so the GPU busy fraction cannot be computed")
        if not self.columns("wait."):
            notes.append("no waits (waitsMs) were reported: lock waits cannot be shown")
        if self.prepare_spans().empty:
            notes.append("no preparation times (prepareStartMs): preparation cannot be drawn beside proving")
        if self.runs.empty:
            notes.append("no run row: the report was cut short, so throughput per hour is unknown")
        elif "workersPerGpu" not in self.runs.columns:
            notes.append("workers per GPU was not configured through Spark in any run: it is the largest number "
                         "of tasks seen at once on one device instead")
        if len(self.configs) < 2 or self.configs[["gpus", "workersPerGpu"]].drop_duplicates().shape[0] < 2:
            notes.append("one configuration only (GPUs x workers per GPU): nothing to compare it with; pass "
                         f"several reports through {REPORT_ENV} (a folder or a glob) to see the trend")
        return notes


def union_length(starts, ends):
    """Total length covered by the intervals [start, end): overlapping time counts once."""
    covered, until = 0.0, float("-inf")
    for s, e in sorted(zip(starts, ends)):
        lo = max(s, until)
        if e > lo:
            covered += e - lo
        until = max(until, e)
    return covered


def max_concurrent(starts, ends):
    """The largest number of intervals open at one instant (an end and a start at the same instant do not overlap)."""
    events = sorted([(e, -1) for e in ends] + [(s, 1) for s in starts])
    best = now = 0
    for _, step in events:
        now += step
        best = max(best, now)
    return best


def busy_fraction(partitions):
    """Kernel time over the span from the first kernel start to the last end, on the device's own clock.

    The device clock is per executor JVM, so the fraction is taken per executor and weighted by span.
    NaN when the rows carry no device clock.
    """
    if "clock.kernelsStart" not in partitions.columns:
        return float("nan")
    busy = span = 0.0
    for _, g in partitions.dropna(subset=["clock.kernelsStart", "clock.kernelsEnd"]).groupby("executor"):
        busy += union_length(g["clock.kernelsStart"], g["clock.kernelsEnd"])
        span += g["clock.kernelsEnd"].max() - g["clock.kernelsStart"].min()
    return busy / span if span > 0 else float("nan")


def load():
    """The report set named by $C2SPARK_REPORT (or the default), with a line saying what was read."""
    paths = report_paths(report_spec())
    report = Report(paths)
    print(f"{len(paths)} report(s) from {report_spec()}: {len(report.runs)} run(s), {len(report.sectors)} sector "
          f"row(s), {len(report.partitions)} partition row(s), {len(report.attempts)} failed attempt(s)")
    for note in report.missing():
        print("note:", note)
    return report


def save(fig, name):
    """Writes the figure as $C2SPARK_PLOTS/<name>.png when that folder is set (CI, docs); shows it anyway."""
    folder = os.environ.get(PLOTS_ENV)
    if folder:
        os.makedirs(folder, exist_ok=True)
        fig.savefig(os.path.join(folder, name + ".png"), dpi=110, bbox_inches="tight")
