"""Benchmarks of the oracle (`make bench`); see docs/performance.md."""
