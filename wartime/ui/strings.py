"""Every text the window shows, in Spanish, in one place.

A translation is another table with the same keys; ``text(key, **values)``
looks a key up and fills in its ``{placeholders}``.  The game's own terms
(CdV, LdV, ENE, DAÑ, VOL, DEF, K) stay as the rulebook writes them.
"""

from __future__ import annotations

LANGUAGE = "es"

ES: dict[str, str] = {
    # Window and top bar.
    "app.title": "Wartime Simulator",
    "app.title_map": "{name} — Wartime Simulator",
    "bar.open": "Abrir…",
    "bar.fit": "Ajustar (F)",
    "bar.grid": "Rejilla",
    "bar.arcs": "Arcos",
    "bar.help": "Ayuda (F1)",
    "tip.open": "Abrir un mapa (.yaml)",
    "tip.fit": "Ver la mesa entera",
    "tip.grid": "Mostrar u ocultar la rejilla de 1 K (G)",
    "tip.arcs": "Mostrar u ocultar el CdV de todas las figuras (A)",
    "tip.help": "Lista de atajos de teclado",
    "state.on": "sí",
    "state.off": "no",
    # Status line.
    "status.idle": "{name} · {width}×{height} K · {scale} px/K",
    "status.cursor": "{name} · cursor {x}, {y} K · {scale} px/K",
    "status.unit": (
        "{id} · bando {side} · VOL {vol} · CdV {cdv} K · altura {height} K · "
        "nivel {level} · {posture}"
    ),
    "status.wall": "Muro {id} · altura {height} K · DEF {defense} · grosor {thickness} K",
    "status.obstacle": "Edificio/obstáculo {id} · altura {height} K · DEF {defense}",
    "status.opened": "Abierto: {path}",
    "status.open_failed": "No se pudo abrir {path}: {reason}",
    "status.grid": "Rejilla: {state}",
    "status.arcs": "Arcos de visión: {state}",
    "posture.standing": "de pie",
    "posture.crouched": "agachado",
    "posture.prone": "cuerpo a tierra",
    # Dialogs.
    "dialog.open": "Abrir mapa",
    "help.title": "Ayuda: atajos",
    "help.body": (
        "<b>Vista del campo de batalla</b><br>"
        "<b>Rueda del ratón</b>: acercar o alejar alrededor del cursor<br>"
        "<b>+ / −</b>: acercar o alejar alrededor del centro<br>"
        "<b>Botón central + arrastrar</b>: desplazar la vista<br>"
        "<b>Espacio + arrastrar</b>: desplazar la vista<br>"
        "<b>Flechas</b>: desplazar la vista<br>"
        "<b>F</b>: ajustar la mesa a la ventana<br>"
        "<b>G</b>: mostrar u ocultar la rejilla<br>"
        "<b>A</b>: mostrar u ocultar el CdV de todas las figuras<br>"
        "<b>Ctrl+O</b>: abrir un mapa<br>"
        "<b>F1</b>: esta ayuda<br>"
        "<b>Esc</b>: cerrar la ayuda o el diálogo; si no hay ninguno, salir<br>"
        "<br>"
        "Pasa el cursor sobre una figura para ver su CdV (180°, VOL×5) "
        "y sus datos en la línea de estado; sobre un muro u obstáculo, "
        "su altura y su DEF."
    ),
}

_TABLES = {"es": ES}


def text(key: str, **values: object) -> str:
    """The string for ``key`` in the current language, with ``values`` filled in."""
    template = _TABLES[LANGUAGE].get(key, key)
    return template.format(**values) if values else template
