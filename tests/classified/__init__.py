"""Tests for the Classified Information engine (engine/classified)."""
