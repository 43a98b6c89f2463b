"""The catalogue entries that need code: each module registers hook implementations and
imports core only; what two entries share lives in core (docs/architecture.md)."""
