"""The actions of the list (data/actions.yaml), one module per family: each registers
its handlers (core.dispatch) and its candidates on the ``offers`` hook, and imports core
only (docs/architecture.md)."""
