"""Checks of the report reader's interval arithmetic and of what it says a report lacks.
Run by spark-job's NotebooksTest (python3 -m unittest, in this folder)."""
import json
import math
import os
import tempfile
import unittest

import pandas as pd

import c2spark_report as cr


class IntervalTest(unittest.TestCase):
    def test_union_counts_overlap_once(self):
        self.assertEqual(cr.union_length([0, 5, 20], [10, 15, 30]), 25)
        self.assertEqual(cr.union_length([0, 2], [10, 3]), 10)
        self.assertEqual(cr.union_length([], []), 0)

    def test_concurrency_treats_touching_intervals_as_sequential(self):
        self.assertEqual(cr.max_concurrent([0, 10, 20], [10, 20, 30]), 1)
        self.assertEqual(cr.max_concurrent([0, 1, 2], [10, 10, 3]), 3)

    def test_busy_fraction_is_per_executor_clock(self):
        # Executor 1 is busy 10 of 20 ms; executor 2, on its own clock far away, 10 of 10.
        p = pd.DataFrame({"executor": ["1", "1", "2"], "clock.kernelsStart": [0.0, 15.0, 1000.0],
                          "clock.kernelsEnd": [5.0, 20.0, 1010.0]})
        self.assertAlmostEqual(cr.busy_fraction(p), 20 / 30)
        self.assertTrue(math.isnan(cr.busy_fraction(p.drop(columns=["clock.kernelsStart", "clock.kernelsEnd"]))))


class ReportTest(unittest.TestCase):
    def write(self, rows):
        d = tempfile.mkdtemp()
        with open(os.path.join(d, "report-x.jsonl"), "w", encoding="utf-8") as f:
            f.write("\n".join(json.dumps(r) for r in rows) + "\n")
        return d

    def test_a_cpu_run_says_it_has_no_gpu_dimension(self):
        d = self.write([
            {"type": "partition", "run": "x", "sector": "s", "partition": 0, "executor": "driver", "host": "h",
             "device": "cpu", "startMs": 0, "endMs": 100, "readMs": 1, "phasesMs": {"witness": 50}, "waitsMs": {}},
            {"type": "run", "run": "x", "sectors": 1, "verified": 1, "failed": 0, "wallMs": 3600000},
        ])
        r = cr.Report(cr.report_paths(d))
        self.assertEqual(r.configs.loc[0, "gpus"], 0)
        self.assertEqual(r.configs.loc[0, "partitionsPerHour"], 1)
        self.assertTrue(any("every partition ran on the CPU" in n for n in r.missing()), r.missing())

    def test_preparations_are_drawn_only_where_the_report_has_them(self):
        part = {"type": "partition", "run": "x", "sector": "s", "partition": 0, "executor": "driver", "host": "h",
                "device": "gpu:0", "startMs": 50, "endMs": 100, "readMs": 1, "phasesMs": {}, "waitsMs": {}}
        with_times = cr.Report(cr.report_paths(self.write([
            part, {"type": "sector", "run": "x", "sector": "s", "result": "verified", "prepareStartMs": 10,
                   "prepareEndMs": 40}])))
        spans = with_times.prepare_spans()
        self.assertEqual(list(spans.columns), ["run", "sector", "startMs", "endMs"])
        self.assertEqual((spans.loc[0, "startMs"], spans.loc[0, "endMs"]), (10, 40))
        self.assertFalse(any("preparation" in n for n in with_times.missing()), with_times.missing())
        older = cr.Report(cr.report_paths(self.write([part, {"type": "sector", "run": "x", "sector": "s",
                                                             "result": "verified"}])))
        self.assertTrue(older.prepare_spans().empty)
        self.assertTrue(any("no preparation times" in n for n in older.missing()), older.missing())

    def test_a_missing_report_names_the_variable(self):
        with self.assertRaisesRegex(FileNotFoundError, cr.REPORT_ENV):
            cr.report_paths(os.path.join(tempfile.mkdtemp(), "nothing-*.jsonl"))


if __name__ == "__main__":
    unittest.main()
