"""Regression tests for the security audit's findings (issue: no seat-token replay to strangers,
no single-request denial of service, ...). One module per finding or group of findings."""
