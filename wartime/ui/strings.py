"""Every text the window shows, in one place, keyed by language.

``TEXTS`` maps a language code to its table of ``{key: text}``; Spanish
(``"es"``) is complete and is the fallback for any key another table lacks.
``set_language(code)`` chooses the table; ``text(key, **values)`` looks a key
up and fills in its ``{placeholders}``.  The game's own terms (CdV, LdV, ENE,
DAÑ, VOL, DEF, K) stay as the rulebook writes them.
"""

from __future__ import annotations

FALLBACK = "es"
LANGUAGE = FALLBACK  # the current language; change it with set_language

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
    "status.scale": "Escala: {scale}",
    "status.scale_override": "Escala: {scale}, en lugar de los {map_mm} mm del mapa",
    # The figure scale and the recent files (top bar).
    "bar.scale": "Escala",
    "bar.recent": "Recientes",
    "scale.preset": "{mm} mm",
    "scale.custom": "Personalizada…",
    "scale.preset_text": "{mm} mm ({cm} cm/K)",
    "scale.custom_text": "personalizada ({cm} cm/K)",
    "scale.dialog_title": "Escala personalizada",
    "scale.prompt": "Centímetros por K (más de 0, hasta 20):",
    "scale.ok": "Aceptar",
    "scale.cancel": "Cancelar",
    "scale.not_number": "«{value}» no es un número",
    "scale.not_positive": "la escala debe ser mayor que 0 cm por K",
    "scale.too_big": "la escala no puede pasar de {max} cm por K",
    "scale.refused": "No aplicada: {reason}",
    "posture.standing": "de pie",
    "posture.crouched": "agachado",
    "posture.prone": "cuerpo a tierra",
    # The map editor.
    "editor.title": "{star}{name} — Editor de mapas — Wartime Simulator",
    "editor.new_name": "Mapa nuevo",
    "bar.new": "Nuevo",
    "bar.save": "Guardar",
    "bar.save_as": "Guardar como…",
    "bar.undo": "Deshacer",
    "bar.redo": "Rehacer",
    "tip.new": "Un mapa vacío (Ctrl+N)",
    "tip.save": "Guardar el mapa (Ctrl+S)",
    "tip.save_as": "Guardar con otro nombre (Ctrl+Mayús+S)",
    "tip.undo": "Deshacer la última edición (Ctrl+Z)",
    "tip.redo": "Rehacer (Ctrl+Y)",
    "tool.select": "Selección",
    "tool.wall": "Muro",
    "tool.rect": "Edif. rect.",
    "tool.polygon": "Edif. polígono",
    "tool.terrain": "Terreno",
    "tool.deploy": "Despliegue",
    "tool.unit": "Unidad",
    "tip.tool.select": (
        "Seleccionar (V): clic, Mayús+clic añade; arrastrar mueve; arrastrar un vértice lo mueve"
    ),
    "tip.tool.wall": "Muro (W): clic por punto; doble clic o Intro termina; Esc cancela",
    "tip.tool.rect": "Edificio rectangular (B): arrastrar",
    "tip.tool.polygon": "Edificio poligonal (P): clic por vértice; doble clic termina",
    "tip.tool.terrain": "Terreno (T): polígono del tipo elegido",
    "tip.tool.deploy": (
        "Zona de despliegue (D) del bando elegido: arrastra un rectángulo, "
        "o haz clic por punto y doble clic termina"
    ),
    "tip.tool.unit": "Unidad (U): clic para colocar una figura del bando elegido",
    "editor.army": "Cargar ejército…",
    "tip.army": "Elegir un archivo de ejército para colocar sus personajes",
    "editor.no_character": "(sin personaje)",
    "editor.side": "Bando {side}",
    "terrain.difficult": "difícil",
    "terrain.extreme": "extremo",
    "terrain.water": "agua",
    "panel.properties": "Propiedades",
    "panel.problems": "Problemas",
    "panel.nothing": "Nada seleccionado: haz clic en un elemento (V).",
    "panel.many.one": "{count} elemento seleccionado",
    "panel.many.other": "{count} elementos seleccionados",
    "panel.map": "Mapa (sin selección)",
    "prop.map.name": "Nombre",
    "prop.map.width": "Ancho (K)",
    "prop.map.height": "Largo (K)",
    "panel.no_problems": "Sin problemas",
    "panel.ok": "",
    "panel.refused": "No aplicado: {reason}",
    "kind.walls": "Muro",
    "kind.obstacles": "Edificio / obstáculo",
    "kind.terrain": "Terreno",
    "kind.deployment": "Zona de despliegue",
    "kind.units": "Unidad",
    "prop.id": "id",
    "prop.height": "Altura (K)",
    "prop.defense": "DEF",
    "prop.thickness": "Grosor (K)",
    "prop.kind": "Tipo",
    "prop.side": "Bando",
    "prop.facing": "Encaramiento (°)",
    "prop.posture": "Postura",
    "prop.level": "Nivel",
    "prop.base": "Base (K)",
    "prop.vol": "VOL",
    "prop.character": "Personaje",
    "severity.error": "ERROR",
    "severity.warning": "AVISO",
    "editor.status": "{tool} · {name} · {x}, {y} K · {elements} · {errors} · {warnings}",
    "editor.status_idle": "{tool} · {name} · {elements} · {errors} · {warnings}",
    "editor.drawing": "{tool}: {points} · doble clic o Intro termina, Esc cancela",
    "editor.deploy_idle": (
        "Despliegue del bando {side}: arrastra para un rectángulo, o haz clic por punto "
        "(doble clic o Intro termina)"
    ),
    "editor.deploy_rect": (
        "Despliegue del bando {side}: rectángulo de {w}×{h} K; suelta para crearlo"
    ),
    "editor.deploy_points": (
        "Despliegue del bando {side}, por puntos: {points} · doble clic o Intro termina, "
        "Esc cancela"
    ),
    "count.elements.one": "{count} elemento",
    "count.elements.other": "{count} elementos",
    "count.errors.one": "{count} error",
    "count.errors.other": "{count} errores",
    "count.warnings.one": "{count} aviso",
    "count.warnings.other": "{count} avisos",
    "count.points.one": "{count} punto",
    "count.points.other": "{count} puntos",
    "count.characters.one": "{count} personaje",
    "count.characters.other": "{count} personajes",
    "editor.opened_problems": "Abierto {path} con {errors} y {warnings}: ver Problemas",
    "editor.left_out.one": (
        "{count} elemento del archivo no se pudo cargar: Guardar pedirá un nombre nuevo "
        "para no perderlo"
    ),
    "editor.left_out.other": (
        "{count} elementos del archivo no se pudieron cargar: Guardar pedirá un nombre nuevo "
        "para no perderlos"
    ),
    "editor.unreadable": "No se pudo leer {path}: {reason}. Se abre un mapa nuevo.",
    "problem.file": "archivo, línea {line}: {message}",
    "problem.file_no_line": "archivo: {message}",
    "editor.refused": "No se puede: {reason}",
    "editor.saved": "Guardado: {path}",
    "editor.saved_warnings": "Guardado con {warnings}: {path}",
    "editor.save_failed": "No se pudo guardar {path}: {reason}",
    "editor.autosaved": "Copia automática guardada",
    "editor.recovered": "Recuperada la copia automática; guárdala con Guardar como…",
    "editor.army_loaded": "Ejército «{name}»: {characters}",
    "editor.army_failed": "No se pudo cargar el ejército {path}: {reason}",
    "editor.nothing_selected": "Nada seleccionado",
    "dialog.save_as": "Guardar mapa como",
    "dialog.army": "Cargar ejército",
    "dialog.unsaved_title": "Cambios sin guardar",
    "dialog.unsaved": "Hay cambios sin guardar en «{name}». ¿Guardarlos antes?",
    "dialog.save": "Guardar",
    "dialog.discard": "Descartar",
    "dialog.cancel": "Cancelar",
    "dialog.recover_title": "Recuperar",
    "dialog.recover": (
        "Quedó una copia automática de «{name}» ({time}), quizá de un cierre inesperado. "
        "¿Recuperarla?"
    ),
    "dialog.recover_ok": "Recuperar",
    "dialog.cannot_save_title": "No se puede guardar",
    "dialog.cannot_save": "El mapa no se podría volver a abrir:<br>{reasons}",
    "help.editor": (
        "<b>Editor de mapas</b><br>"
        "<b>V</b>: selección · <b>W</b>: muro · <b>B</b>: edificio rectangular · "
        "<b>P</b>: edificio poligonal · <b>T</b>: terreno · <b>D</b>: despliegue · "
        "<b>U</b>: unidad<br>"
        "<b>Clic</b>: seleccionar · <b>Mayús+clic</b>: añadir o quitar de la selección<br>"
        "<b>Arrastrar</b>: mover la selección; sobre un vértice, moverlo<br>"
        "<b>R / Mayús+R</b>: girar 15° (unidades y edificios)<br>"
        "<b>Supr</b>: borrar · <b>Ctrl+D</b>: duplicar<br>"
        "<b>Ins</b>: añadir un vértice en el cursor · <b>Retroceso</b>: quitar el vértice "
        "bajo el cursor<br>"
        "<b>Clic … doble clic / Intro</b>: terminar un muro o polígono · "
        "<b>Esc</b>: cancelarlo<br>"
        "<b>Alt</b> al hacer clic: sin ajuste a rejilla ni vértices<br>"
        "<b>Ctrl+Z / Ctrl+Y</b>: deshacer / rehacer<br>"
        "<b>Ctrl+N</b>: nuevo · <b>Ctrl+O</b>: abrir · <b>Ctrl+S</b>: guardar · "
        "<b>Ctrl+Mayús+S</b>: guardar como<br>"
        "<br>"
    ),
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

# English is a stub for now: a translation fills it in; missing keys show the Spanish.
EN: dict[str, str] = {
    "state.on": "on",
    "state.off": "off",
    "tip.tool.deploy": (
        "Deployment zone (D) of the chosen side: drag a rectangle, "
        "or click point by point and double-click to finish"
    ),
    "panel.many.one": "{count} element selected",
    "panel.many.other": "{count} elements selected",
    "panel.map": "Map (nothing selected)",
    "prop.map.name": "Name",
    "prop.map.width": "Width (K)",
    "prop.map.height": "Length (K)",
    "editor.status": "{tool} · {name} · {x}, {y} K · {elements} · {errors} · {warnings}",
    "editor.status_idle": "{tool} · {name} · {elements} · {errors} · {warnings}",
    "editor.drawing": "{tool}: {points} · double-click or Enter finishes, Esc cancels",
    "editor.deploy_idle": (
        "Deployment of side {side}: drag for a rectangle, or click point by point "
        "(double-click or Enter finishes)"
    ),
    "editor.deploy_rect": "Deployment of side {side}: a {w}×{h} K rectangle; release to add it",
    "editor.deploy_points": (
        "Deployment of side {side}, point by point: {points} · double-click or Enter "
        "finishes, Esc cancels"
    ),
    "count.elements.one": "{count} element",
    "count.elements.other": "{count} elements",
    "count.errors.one": "{count} error",
    "count.errors.other": "{count} errors",
    "count.warnings.one": "{count} warning",
    "count.warnings.other": "{count} warnings",
    "count.points.one": "{count} point",
    "count.points.other": "{count} points",
    "count.characters.one": "{count} character",
    "count.characters.other": "{count} characters",
    "editor.opened_problems": "Opened {path} with {errors} and {warnings}: see Problems",
    "editor.left_out.one": (
        "{count} element of the file could not be loaded: Save will ask for a new name "
        "so that it is not lost"
    ),
    "editor.left_out.other": (
        "{count} elements of the file could not be loaded: Save will ask for a new name "
        "so that they are not lost"
    ),
    "editor.unreadable": "Could not read {path}: {reason}. A new map is opened.",
    "problem.file": "file, line {line}: {message}",
    "problem.file_no_line": "file: {message}",
    "editor.saved_warnings": "Saved with {warnings}: {path}",
    "editor.army_loaded": "Army «{name}»: {characters}",
    "dialog.unsaved": "There are unsaved changes in «{name}». Save them first?",
    "dialog.save": "Save",
    "dialog.discard": "Discard",
    "dialog.cancel": "Cancel",
}

TEXTS: dict[str, dict[str, str]] = {"es": ES, "en": EN}


def set_language(language: str) -> None:
    """Show the texts of ``language``; keys it lacks (or an unknown language) fall back."""
    global LANGUAGE
    LANGUAGE = language


def current_language() -> str:
    return LANGUAGE


def ntext(key: str, count: int, **values: object) -> str:
    """``key``'s plural form for ``count``, with ``{count}`` and ``values`` filled in.

    The forms are ``key.one`` (count 1) and ``key.other``, the rule Spanish and English
    share; gettext's ``ngettext`` takes this over when the texts move to catalogues.
    """
    return text(f"{key}.{'one' if count == 1 else 'other'}", count=count, **values)


def text(key: str, **values: object) -> str:
    """The string for ``key`` in the current language, with ``values`` filled in.

    A key the current language lacks is taken from Spanish; an unknown key is
    shown as itself, so a missing text is visible rather than fatal.
    """
    template = TEXTS.get(LANGUAGE, {}).get(key)
    if template is None:
        template = TEXTS[FALLBACK].get(key, key)
    return template.format(**values) if values else template


def register(es: dict[str, str], en: dict[str, str]) -> None:
    """Add a mode's own texts (its module keeps them beside its code)."""
    ES.update(es)
    EN.update(en)
