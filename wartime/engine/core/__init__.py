"""The rules' core: the state, the turn sequence, checks, combat and the hooks it fires.

The core never imports an action module, a catalogue entry or the AI
(ENGINE-LAYOUT.md); those register on the hooks of :mod:`.hookspecs`.
"""
