#!/usr/bin/env python3
"""One line per profiled launch from the NAME.csv files that profile-kernels.sh leaves (ncu's raw
page; NAME.csv.gz as well): time, the busiest pipe, issue slots, DRAM, occupancy and the first stall
reasons, so that a kernel's limit reads off one table. Usage: ncu-summary.py OUT (prints a Markdown
table)."""
import csv
import glob
import gzip
import os
import sys

STALLS = ["wait", "math_pipe_throttle", "long_scoreboard", "barrier", "short_scoreboard", "mio_throttle",
          "lg_throttle", "no_instruction", "dispatch_stall", "not_selected"]


def number(text):
    head = text.split(" (")[0].replace(",", "")
    try:
        return float(head)
    except ValueError:
        return None


# Instanced metrics exported with their names (--print-metric-instances details) make long fields.
csv.field_size_limit(1 << 30)


def launches(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", newline="") as f:
        rows = list(csv.reader(f))
    if len(rows) < 3 or "Kernel Name" not in rows[0]:
        return
    header, units = rows[0], rows[1]
    for row in rows[2:]:
        values = dict(zip(header, row))
        unit = dict(zip(header, units))
        yield values, unit


def metric(values, name):
    return number(values.get(name, ""))


def per_second_tb(values, unit, name):
    v = metric(values, name)
    if v is None:
        return None
    scale = {"byte/s": 1e-12, "Kbyte/s": 1e-9, "Mbyte/s": 1e-6, "Gbyte/s": 1e-3, "Tbyte/s": 1.0}
    return v * scale.get(unit.get(name, ""), float("nan"))


def main(out):
    print("| family | kernel | grid x block, registers | ms (under ncu) | FMA-heavy pipe | ALU pipe | issue slots "
          "| DRAM | warps per SM | first stalls (cycles per issue) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for path in sorted(glob.glob(os.path.join(out, "*.csv")) + glob.glob(os.path.join(out, "*.csv.gz"))):
        family = os.path.basename(path).split(".")[0]
        for v, u in launches(path):
            ms = metric(v, "gpu__time_duration.sum")
            if u.get("gpu__time_duration.sum") == "us":
                ms /= 1e3
            fma = metric(v, "sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_elapsed")
            alu = metric(v, "sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active")
            issue = metric(v, "sm__issue_active.avg.pct_of_peak_sustained_elapsed")
            dram_pct = metric(v, "dram__cycles_active.avg.pct_of_peak_sustained_elapsed")
            dram_tb = per_second_tb(v, u, "dram__bytes.sum.per_second")
            warps = metric(v, "sm__warps_active.avg.per_cycle_active")
            regs = metric(v, "launch__registers_per_thread")
            grid = metric(v, "launch__grid_size")
            block = metric(v, "launch__block_size")
            stalls = []
            for s in STALLS:
                x = metric(v, f"smsp__average_warps_issue_stalled_{s}_per_issue_active.ratio")
                if x is not None:
                    stalls.append((x, s.replace("_", " ")))
            stalls.sort(reverse=True)
            first = ", ".join(f"{name} {x:.2f}" for x, name in stalls[:3])

            def pct(x):
                return "" if x is None else f"{x:.1f}%"

            dram = pct(dram_pct) + ("" if dram_tb is None else f" ({dram_tb:.2f} TB/s)")
            print(f"| {family} | {v.get('Kernel Name', '')} | {grid:,.0f} x {block:.0f}, {regs:.0f} | {ms:.3f} | {pct(fma)} "
                  f"| {pct(alu)} | {pct(issue)} | {dram} | {warps:.1f} | {first} |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
