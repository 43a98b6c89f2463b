"""The catalogue entries whose army fields link one character to others (army-format.md).

Shared by the army reader (formats/army.py), which checks the fields, and the engine,
which plays the entries (engine/entries/remote.py, pet.py, avatar.py).
"""

from __future__ import annotations

REMOTE_CONTROL = "Control remoto"  # ``controller:``: the character that operates it
PET = "Mascota mágica"  # ``pet:``: its pet's entries
PET_ENTRIES = 3  # a pet has three entries (BONUS Y MALUS, Mascota mágica)
AVATAR = "Avatar"  # ``summoners:``: the characters that may summon it into the game
