"""The core's English reasons and problems, in Spanish for the editor's window.

The pure core (``wartime.board``, ``wartime.formats``) speaks English by design:
the engine and the CLI print its messages as they are.  The editor shows them
to a map designer in Spanish, so :func:`to_spanish` rewrites each one through
:data:`TEMPLATES`, an ordered table of English patterns (compiled regexes
with named groups) and Spanish templates, written as the rows of ``_ROWS``
(the first pattern that matches the whole message wins).  Ids, paths, numbers
and typed values are carried over untouched, as are the game's terms (DEF, VOL,
K, CdV…).  A group named ``w_…`` holds a phrase of the core's vocabulary
("height", "a wall", "above 0"…) and is looked up in :data:`WORDS`; anything
not found stays as it was.  A group named ``p_…`` holds another file's problem
as the loader prints it (``file:line: path: message``): its message is
translated in turn, its location kept; one named ``r_…`` holds another reason,
translated in turn (the engine's refusal that stopped a replay).  A message no pattern
knows is returned unchanged, in English: showing something is better than showing
nothing.

To cover a new message, add a row to ``_ROWS`` (and, if it names a new
thing, a word to :data:`WORDS`) and a case to ``tests/test_reasons.py``.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["TEMPLATES", "WORDS", "to_spanish"]

# The core's vocabulary: the phrases that fill the ``w_…`` groups of the patterns.
WORDS: dict[str, str] = {
    # What a value is for (edits._number, _whole, _measure, _point, _points…).
    "height": "la altura",
    "thickness": "el grosor",
    "base": "la base",
    "facing": "el encaramiento",
    "level": "el nivel",
    "DEF": "DEF",
    "VOL": "VOL",
    "x": "x",
    "y": "y",
    "the move across": "el desplazamiento en x",
    "the move along": "el desplazamiento en y",
    "the angle": "el ángulo",
    "the offset across": "el desfase en x",
    "the offset along": "el desfase en y",
    "the grid step": "el paso de la rejilla",
    "a point": "un punto",
    "a position": "una posición",
    "a polygon": "un polígono",
    "a wall": "un muro",
    "an obstacle": "un obstáculo",
    "a obstacle": "un obstáculo",
    "a terrain area": "una zona de terreno",
    "a deployment zone": "una zona de despliegue",
    "a unit": "una unidad",
    "a dark area": "una zona oscura",
    "a light": "una luz",
    "radius": "el radio",
    # Choices (edits._choice, the map reader's choice).
    "terrain kind": "el tipo de terreno",
    "side": "el bando",
    "posture": "la postura",
    "noise rule": "la regla de ruido",
    # Bounds.
    "above 0": "mayor que 0",
    "0 or more": "0 o más",
    # Elements, bare (edits.key_of) and counted (too many …).
    "wall": "muro",
    "obstacle": "obstáculo",
    "terrain area": "zona de terreno",
    "deployment zone": "zona de despliegue",
    "unit": "unidad",
    "dark area": "zona oscura",
    "light": "luz",
    "vertices": "vértices",
    "units": "unidades",
    "throwable object": "objeto lanzable",
    "a throwable object": "un objeto lanzable",
    # Throwable objects' sizes (Súper fuerza) and the word for them.
    "car": "coche",
    "lorry": "camión",
    "larger": "objeto más grande",
    "size": "el tamaño",
    # What a YAML value was (formats.schema.describe).
    "true/false": "verdadero/falso",
    "a number": "un número",
    "text": "texto",
    "a list": "una lista",
    "a mapping": "un mapeo (clave: valor)",
    "nothing": "nada",
    # The system's reasons a file cannot be read (strerror, worded by the C library).
    "No such file or directory": "no existe el archivo o la carpeta",
    "Permission denied": "permiso denegado",
    "Is a directory": "es una carpeta",
    "Not a directory": "una parte de la ruta no es una carpeta",
    "File name too long": "el nombre del archivo es demasiado largo",
    "Too many levels of symbolic links": "demasiados niveles de enlaces simbólicos",
    # Kinds of archetype (formats.army).
    "race": "raza",
    "weapon": "arma",
    "protection": "protección",
    "metaability": "metahabilidad",
    "object": "objeto",
    "transport": "transporte",
    # Kinds of file.
    "map": "mapa",
    "army": "ejército",
    "a named pipe (FIFO)": "una tubería con nombre (FIFO)",
    "a device": "un dispositivo",
    "a socket": "un socket",
    # Why shapely finds a polygon invalid (the part before "[x y]").
    "Self-intersection": "autointersección",
    "Ring Self-intersection": "autointersección de un anillo",
    "Too few points": "demasiado pocos puntos",
    "Invalid Coordinate": "coordenada no válida",
    "Hole lies outside shell": "un hueco queda fuera del contorno",
    "Nested holes": "huecos anidados",
    "Interior is disconnected": "el interior está desconectado",
    "Nested shells": "contornos anidados",
    "Duplicate Rings": "anillos repetidos",
}

# (English pattern, Spanish template), in order: more specific patterns first.
# A pattern must match the whole message; its named groups fill the template.
_ROWS: tuple[tuple[str, str], ...] = (
    # -- board.edits: naming elements and ids ------------------------------------------
    (
        r"unknown kind of element '(?P<kind>.*)': allowed (?P<allowed>.*)",
        "el tipo de elemento '{kind}' no existe; admitidos: {allowed}",
    ),
    (
        r"there is no (?P<w_name>.+?) number (?P<n>\S+): the map has (?P<count>\S+)",
        "no hay {w_name} número {n}: el mapa tiene {count}",
    ),
    (r"there is nothing called '(?P<key>.*)' on the map", "no hay nada llamado '{key}' en el mapa"),
    (
        r"an id must be non-empty text, got (?P<value>.*)",
        "un id debe ser texto no vacío, no {value}",
    ),
    (
        r"the id '(?P<id>.*)' is already used on this map: choose another",
        "el id '{id}' ya se usa en este mapa: elige otro",
    ),
    (
        r"the id '(?P<id>.*)' looks like a place in the map file: choose another",
        "el id '{id}' parece un lugar del archivo del mapa: elige otro",
    ),
    (
        r"a character must be non-empty text, got (?P<value>.*)",
        "un personaje debe ser texto no vacío, no {value}",
    ),
    (r"a character must be text, got (?P<value>.*)", "un personaje debe ser texto, no {value}"),
    # -- board.edits: checked values ---------------------------------------------------
    (
        r"(?P<w_what>.+?) must be a number, got (?P<value>.*)",
        "{w_what} debe ser un número, no {value}",
    ),
    (
        r"(?P<w_what>.+?) must be a finite number, got (?P<value>.*)",
        "{w_what} debe ser un número finito, no {value}",
    ),
    (
        r"(?P<w_what>.+?) must be a whole number, got (?P<value>.*)",
        "{w_what} debe ser un número entero, no {value}",
    ),
    (
        r"(?P<w_what>.+?) must be two numbers \(x, y\), got (?P<value>.*)",
        "{w_what} debe ser dos números (x, y), no {value}",
    ),
    (
        r"level (?P<value>\S+) is not allowed: allowed (?P<allowed>.*)",
        "el nivel {value} no está permitido; admitidos: {allowed}",
    ),
    (
        r"(?P<w_what>.+?) (?P<value>\S+) is not allowed: it must be (?P<w_bound>.+)",
        "no se admite {w_what} {value}: debe ser {w_bound}",
    ),
    (
        r"(?P<w_what>.+?) (?P<value>\S+) is out of range: allowed (?P<low>\S+) to (?P<high>\S+)",
        "{w_what} {value} está fuera de rango: admitido de {low} a {high}",
    ),
    (
        r"(?P<w_what>.+?) (?P<value>\S+) is out of range: allowed (?P<low>\S+) or more",
        "{w_what} {value} está fuera de rango: admitido {low} o más",
    ),
    (
        r"cannot remove a vertex of '(?P<key>.*)': (?P<w_shape>.+?) needs at least "
        r"(?P<n>\S+) points",
        "no se puede quitar un vértice de '{key}': {w_shape} necesita al menos {n} puntos",
    ),
    (
        r"(?P<w_what>.+?) needs at least (?P<n>\S+) points, got (?P<count>\S+)",
        "{w_what} necesita al menos {n} puntos y tiene {count}",
    ),
    (
        r"needs at least (?P<n>\S+) points, got (?P<count>\S+)",
        "necesita al menos {n} puntos y tiene {count}",
    ),
    # -- board.edits: units kept clear, vertices, properties ------------------------------
    (
        r"unit '(?P<id>.*)' would be off the (?P<size>\S+) K table",
        "la unidad '{id}' quedaría fuera de la mesa de {size} K",
    ),
    (
        r"unit '(?P<id>.*?)' would overlap unit '(?P<other>.*)'",
        "la unidad '{id}' se solaparía con la unidad '{other}'",
    ),
    (
        r"unit '(?P<id>.*?)' would stand inside '(?P<solid>.*)'",
        "la unidad '{id}' quedaría dentro de '{solid}'",
    ),
    (
        r"unit '(?P<id>.*)' has no vertices: move it instead",
        "la unidad '{id}' no tiene vértices: muévela",
    ),
    (
        r"the (?P<w_thing>car|lorry|larger) '(?P<id>.*)' would be off the (?P<size>\S+) K table",
        "el {w_thing} '{id}' quedaría fuera de la mesa de {size} K",
    ),
    (
        r"'(?P<id>.*)' has no vertices: move it, or change its size",
        "'{id}' no tiene vértices: muévelo o cambia su tamaño",
    ),
    (
        r"light '(?P<id>.*)' has no vertices: move it instead",
        "la luz '{id}' no tiene vértices: muévela",
    ),
    (
        r"'(?P<key>.*)' has no vertex number (?P<n>.+?): allowed (?P<low>\S+) to (?P<high>\S+)",
        "'{key}' no tiene el vértice número {n}: admitido de {low} a {high}",
    ),
    (
        r"(?P<w_what>an? .+?) has no property '(?P<prop>.*)': allowed (?P<allowed>.*)",
        "{w_what} no tiene la propiedad '{prop}'; admitidas: {allowed}",
    ),
    # -- board.edits.problems and the map reader's limits ---------------------------------
    (
        r"too many points: (?P<w_what>an? .+?) may have at most (?P<n>\S+), this one has "
        r"(?P<count>\S+)",
        "demasiados puntos: {w_what} admite como mucho {n} y tiene {count}",
    ),
    (
        r"too many (?P<w_what>.+?): a map may have at most (?P<n>\S+)",
        "el mapa supera el máximo de {n} {w_what}",
    ),
    ("there is no deployment zone", "no hay ninguna zona de despliegue"),
    (r"side (?P<side>.+?) has no deployment zone", "el bando {side} no tiene zona de despliegue"),
    (
        r"unit '(?P<id>.*)' is not wholly inside a deployment zone of side (?P<side>.+)",
        "la unidad '{id}' no está entera dentro de una zona de despliegue del bando {side}",
    ),
    # -- board.validation -------------------------------------------------------------
    (
        r"the polygon has no area \(its points are on one line\)",
        "el polígono no tiene área (sus puntos están en una línea)",
    ),
    (
        r"the polygon crosses itself \((?P<w_why>.*)\)",
        "el polígono se cruza consigo mismo ({w_why})",
    ),
    (
        r"the light is off the (?P<size>\S+) K table",
        "la luz está fuera de la mesa de {size} K",
    ),
    (
        r"unit '(?P<id>.*)' is off the (?P<size>\S+) K table",
        "la unidad '{id}' está fuera de la mesa de {size} K",
    ),
    (
        r"the (?P<w_thing>car|lorry|larger) '(?P<id>.*)' is off the (?P<size>\S+) K table",
        "el {w_thing} '{id}' está fuera de la mesa de {size} K",
    ),
    (
        r"unit '(?P<id>.*?)' overlaps unit '(?P<other>.*)' \((?P<path>units\[\d+\])\)",
        "la unidad '{id}' se solapa con la unidad '{other}' ({path})",
    ),
    (
        r"unit '(?P<id>.*?)' stands inside '(?P<solid>.*)'",
        "la unidad '{id}' está dentro de '{solid}'",
    ),
    # -- formats.map: the map reader ---------------------------------------------------
    (
        r"expected a point \[x, y\], got (?P<w_got>.*)",
        "se esperaba un punto [x, y], no {w_got}",
    ),
    ("coordinates must be finite numbers", "las coordenadas deben ser números finitos"),
    (
        r"(?P<value>\S+) is not allowed: must be (?P<w_bound>.+)",
        "no se admite {value}: debe ser {w_bound}",
    ),
    (
        r"duplicated id '(?P<id>.*)' \(first used at (?P<path>.*)\)",
        "id '{id}' repetido (usado antes en {path})",
    ),
    (
        r"level (?P<value>\S+) is not one of (?P<allowed>.*)",
        "el nivel {value} no es ninguno de {allowed}",
    ),
    (
        r"turn limit (?P<value>\S+) must be 1 or more",
        "el límite de turnos {value} debe ser 1 o más",
    ),
    (
        r"each side must be above 0 and at most (?P<top>\S+) K",
        "cada lado debe ser mayor que 0 y como mucho {top} K",
    ),
    (
        r"'(?P<path>.*)' leaves the map's folder: give a path inside it",
        "'{path}' sale de la carpeta del mapa: indica una ruta dentro de ella",
    ),
    (
        r"no packaged army '(?P<name>.*?)' \(did you mean '(?P<hint>.*?)'\?\): the packaged "
        r"armies are (?P<names>.*); to name a file beside the map, give its extension, "
        r"e\.g\. '(?P<file>.*)'",
        "no hay ningún ejército incluido '{name}' (¿quisiste decir '{hint}'?): los ejércitos "
        "incluidos son {names}; para un archivo junto al mapa, escribe su extensión, "
        "p. ej. '{file}'",
    ),
    (
        r"no packaged army '(?P<name>.*?)': the packaged armies are (?P<names>.*); to name a "
        r"file beside the map, give its extension, e\.g\. '(?P<file>.*)'",
        "no hay ningún ejército incluido '{name}': los ejércitos incluidos son {names}; para "
        "un archivo junto al mapa, escribe su extensión, p. ej. '{file}'",
    ),
    (
        r"the army file name (?P<path>.*) holds a NUL character, which no file may",
        "el nombre de archivo de ejército {path} contiene un carácter NUL, que ningún archivo "
        "admite",
    ),
    (
        r"the army file '(?P<path>.*)' cannot be opened: a loop of symbolic links",
        "no se puede abrir el archivo de ejército '{path}': un bucle de enlaces simbólicos",
    ),
    (
        r"the army file '(?P<path>.*)' cannot be opened: (?P<why>.*)",
        "no se puede abrir el archivo de ejército '{path}': {why}",
    ),
    (
        r"no army file '(?P<path>.*)' beside the map",
        "no hay ningún archivo de ejército '{path}' junto al mapa",
    ),
    (
        r"the army file is invalid: (?P<p_first>.*?) \(and (?P<more>\d+) more\)",
        "el archivo de ejército no es válido: {p_first} (y {more} más)",
    ),
    (
        r"the army file is invalid: (?P<p_first>.*)",
        "el archivo de ejército no es válido: {p_first}",
    ),
    (
        r"no character '(?P<name>.*?)' in the map's armies \(did you mean '(?P<hint>.*)'\?\)",
        "no hay ningún personaje '{name}' en los ejércitos del mapa (¿quisiste decir '{hint}'?)",
    ),
    (
        r"no character '(?P<name>.*)' in the map's armies",
        "no hay ningún personaje '{name}' en los ejércitos del mapa",
    ),
    # -- formats.schema: structure shared by every file ----------------------------------
    (
        "duplicated key: only the last value would be kept",
        "clave repetida: solo se conservaría el último valor",
    ),
    (r"expected a mapping, got (?P<w_got>.*)", "se esperaba un mapeo (clave: valor), no {w_got}"),
    (
        r"unknown key '(?P<key>.*?)' \(did you mean '(?P<hint>.*)'\?\)",
        "clave desconocida '{key}' (¿quisiste decir '{hint}'?)",
    ),
    (
        r"unknown key '(?P<key>.*?)' \(allowed: (?P<allowed>.*)\)",
        "clave desconocida '{key}' (admitidas: {allowed})",
    ),
    (r"missing '(?P<key>.*)'", "falta '{key}'"),
    (r"expected a list, got (?P<w_got>.*)", "se esperaba una lista, no {w_got}"),
    (
        r"expected a whole number, got (?P<w_got>a number|text) (?P<value>.+)",
        "se esperaba un número entero, no {w_got} {value}",
    ),
    (r"expected a whole number, got (?P<w_got>.*)", "se esperaba un número entero, no {w_got}"),
    (r"expected a number, got (?P<w_got>.*)", "se esperaba un número, no {w_got}"),
    (
        r"number too large: a number may be at most (?P<top>\S+)",
        "número demasiado grande: un número puede ser como mucho {top}",
    ),
    (r"expected non-empty text, got (?P<w_got>.*)", "se esperaba texto no vacío, no {w_got}"),
    (
        r"not a Wartime (?P<w_what>.+?) file: it must start with '(?P<marker>.*)'",
        "no es un archivo de {w_what} de Wartime: debe empezar por '{marker}'",
    ),
    (
        r"unsupported version (?P<value>.*): this program reads version (?P<n>\S+)",
        "versión {value} no admitida: este programa lee la versión {n}",
    ),
    # The choice readers (edits._choice, the map reader): after "unknown key", which
    # this would otherwise swallow.
    (
        r"unknown (?P<w_what>terrain kind|noise rule|\S+) (?P<value>.*?): allowed (?P<allowed>.*)",
        "{w_what} {value} no existe; admitidos: {allowed}",
    ),
    # -- formats.document: reading the file itself -------------------------------------
    (
        r"YAML syntax error at line (?P<line>\d+), column (?P<column>\d+): (?P<why>.*)",
        "error de sintaxis YAML en la línea {line}, columna {column}: {why}",
    ),
    (r"YAML syntax error: (?P<why>.*)", "error de sintaxis YAML: {why}"),
    (r"YAML error: (?P<why>.*)", "error de YAML: {why}"),
    (r"YAML value cannot be read: (?P<why>.*)", "no se puede leer un valor YAML: {why}"),
    (
        "an alias contains itself: recursive YAML is not allowed",
        "un alias se contiene a sí mismo: no se admite YAML recursivo",
    ),
    (
        r"too many values: a file may hold at most (?P<n>\S+) \(each use of an alias counts "
        r"all the values it repeats\)",
        "demasiados valores: un archivo admite como mucho {n} (cada uso de un alias cuenta "
        "todos los valores que repite)",
    ),
    (
        r"the text holds (?P<char>\S+), half of a UTF-16 surrogate pair and not a character: "
        r"write the character itself, or its \\U escape",
        "el texto contiene {char}, media pareja sustituta de UTF-16 y no un carácter: escribe "
        "el carácter mismo, o su escape \\U",
    ),
    (
        "the data is nested too deeply to be read",
        "los datos están anidados a demasiada profundidad para leerlos",
    ),
    (
        r"file too large: the limit is (?P<limit>.*)",
        "archivo demasiado grande: el límite es {limit}",
    ),
    ("is a folder, not a file", "es una carpeta, no un archivo"),
    (
        r"is (?P<w_kind>a named pipe \(FIFO\)|a device|a socket), not a regular file: only "
        r"regular files are read",
        "es {w_kind}, no un archivo normal: solo se leen archivos normales",
    ),
    (
        "is not a regular file: only regular files are read",
        "no es un archivo normal: solo se leen archivos normales",
    ),
    (
        "cannot read: the file name holds a NUL character, which no file name may",
        "no se puede leer: el nombre del archivo contiene un carácter NUL, que ningún nombre "
        "de archivo admite",
    ),
    (r"cannot read: (?P<w_why>.*)", "no se puede leer: {w_why}"),
    (
        r"not UTF-8 text \(bad byte at offset (?P<n>\d+)\)",
        "no es texto UTF-8 (byte erróneo en la posición {n})",
    ),
    # -- formats.army ------------------------------------------------------------------
    (
        r"kind (?P<kind>.*) is not one of (?P<allowed>.*?) \(did you mean '(?P<hint>.*)'\?\)",
        "el tipo {kind} no es ninguno de {allowed} (¿querías decir '{hint}'?)",
    ),
    (
        r"kind (?P<kind>.*) is not one of (?P<allowed>.*)",
        "el tipo {kind} no es ninguno de {allowed}",
    ),
    (
        r"missing (?P<name>\S+) \(a (?P<w_kind>\w+) needs (?P<needed>.*)\)",
        "falta {name} (un arquetipo de tipo {w_kind} necesita {needed})",
    ),
    (r"(?P<key>\S+) repeats (?P<name>\S+): give it once", "{key} repite {name}: dalo una sola vez"),
    (
        r"height (?P<value>.*) must be above 0 and at most (?P<most>\S+) human heights",
        "la altura {value} debe ser mayor que 0 y como mucho {most} alturas humanas",
    ),
    # Control remoto, Mascota mágica and Avatar (formats/army.py: controllers, fielded).
    (
        r"only a character with (?P<entry>.+) has a controller",
        "solo un personaje con {entry} tiene controlador",
    ),
    (r"(?P<id>.+) cannot be its own controller", "{id} no puede ser su propio controlador"),
    (
        r"(?P<id>.+) carries (?P<entry>.+) but names no controller: it acts on its own, "
        r"as any character",
        "{id} lleva {entry} pero no nombra controlador: actúa por su cuenta, como cualquier "
        "personaje",
    ),
    (
        r"(?P<member>.+) is operated by (?P<controller>.+) \((?P<entry>.+)\), who is not in "
        r"list '(?P<list>.*)'",
        "a {member} lo maneja {controller} ({entry}), que no está en la lista '{list}'",
    ),
    (
        r"a pet has at most (?P<most>\d+) entries, not (?P<count>\d+)",
        "una mascota tiene como mucho {most} bonus, no {count}",
    ),
    (
        r"only a character with (?P<entry>.+) has a pet",
        "solo un personaje con {entry} tiene mascota",
    ),
    (
        r"only a character with (?P<entry>.+) is summoned",
        "solo se invoca a un personaje con {entry}",
    ),
    (
        r"(?P<id>.+) carries (?P<entry>.+) but names no summoners: it never comes into the game",
        "{id} lleva {entry} pero no nombra invocadores: nunca entra en la partida",
    ),
    (r"(?P<id>.+) cannot summon itself", "{id} no puede invocarse a sí mismo"),
    (
        r"(?P<member>.+) \((?P<entry>.+)\) is summoned by (?P<callers>.+), none of whom is in "
        r"list '(?P<list>.*)'",
        "a {member} ({entry}) lo invoca {callers}, y ninguno está en la lista '{list}'",
    ),
    (
        r"unknown bonus '(?P<name>.*)' \(did you mean '(?P<hint>.*)'\?\)",
        "bonus desconocido '{name}' (¿querías decir '{hint}'?)",
    ),
    (
        r"unknown bonus '(?P<name>.*)' \(see `wartime catalog --search`\)",
        "bonus desconocido '{name}' (consulta `wartime catalog --search`)",
    ),
    (r"'(?P<name>.*)' has no levels: remove 'level'", "'{name}' no tiene niveles: quita 'level'"),
    (
        r"level (?P<level>-?\d+) of '(?P<name>.*)' is outside 1 to (?P<top>\d+)",
        "el nivel {level} de '{name}' está fuera de 1 a {top}",
    ),
    (
        r"'Área' needs a shape in 'param', e\.g\. \{name: Área, param: R3\}",
        "'Área' necesita una forma en 'param', p. ej. {{name: Área, param: R3}}",
    ),
    (r"'(?P<name>.*)' takes no parameter", "'{name}' no admite parámetro"),
    (
        r"expected text or a number, got (?P<w_what>.*)",
        "se esperaba texto o un número, no {w_what}",
    ),
    (
        r"unknown area '(?P<area>.*)' \(allowed: (?P<allowed>.*)\)",
        "área desconocida '{area}' (admitidas: {allowed})",
    ),
    (
        "a character needs a race: give a race archetype's id",
        "un personaje necesita una raza: da el id de un arquetipo de raza",
    ),
    (
        r"no archetype with id '(?P<id>.*)' \(did you mean '(?P<hint>.*)'\?\)",
        "no hay ningún arquetipo con id '{id}' (¿querías decir '{hint}'?)",
    ),
    (r"no archetype with id '(?P<id>.*)'", "no hay ningún arquetipo con id '{id}'"),
    (
        r"no character with id '(?P<id>.*)' \(did you mean '(?P<hint>.*)'\?\)",
        "no hay ningún personaje con id '{id}' (¿querías decir '{hint}'?)",
    ),
    (r"no character with id '(?P<id>.*)'", "no hay ningún personaje con id '{id}'"),
    (
        r"'(?P<id>.*)' is a (?P<w_found>\w+), not a (?P<w_kind>\w+)",
        "'{id}' es de tipo {w_found}, no {w_kind}",
    ),
    (
        r"limit (?P<limit>-?\d+) must be 0 or more points",
        "el límite {limit} debe ser 0 o más puntos",
    ),
    (r"ALC (?P<alc>\S+) exceeds 5×DAÑ = (?P<most>\S+)", "ALC {alc} supera 5×DAÑ = {most}"),
    (
        r"ENE (?P<ene>\S+) × DAÑ (?P<damage>\S+) is not allowed by the weapon table",
        "la tabla de armas no admite ENE {ene} × DAÑ {damage}",
    ),
    # -- formats.map: units without a character ----------------------------------------
    (
        r"1 unit name characters that no linked army defines, so they play as bare figures "
        r"without weapons: (?P<named>.*); link the armies that define them under `armies:` "
        r"\(a file beside the map, or a packaged army by name: (?P<packaged>.*)\)",
        "1 unidad nombra personajes que ningún ejército enlazado define, así que juega como "
        "figura sin armas: {named}; enlaza los ejércitos que los definen en `armies:` (un "
        "archivo junto al mapa, o un ejército incluido por su nombre: {packaged})",
    ),
    (
        r"(?P<count>\d+) units name characters that no linked army defines, so they play as "
        r"bare figures without weapons: (?P<named>.*); link the armies that define them under "
        r"`armies:` \(a file beside the map, or a packaged army by name: (?P<packaged>.*)\)",
        "{count} unidades nombran personajes que ningún ejército enlazado define, así que "
        "juegan como figuras sin armas: {named}; enlaza los ejércitos que los definen en "
        "`armies:` (un archivo junto al mapa, o un ejército incluido por su nombre: "
        "{packaged})",
    ),
    # -- rules.legality: an army's warnings --------------------------------------------
    (
        r"'(?P<name>.*)' on archetype '(?P<id>.*)' requires (?P<tag>.*), which character "
        r"'(?P<character>.*)' does not have",
        "'{name}' en el arquetipo '{id}' requiere {tag}, que el personaje '{character}' no tiene",
    ),
    (
        r"archetype '(?P<id>.*)' is a Reliquia and may appear once per list, not "
        r"(?P<count>\d+) times",
        "el arquetipo '{id}' es una Reliquia y puede aparecer una vez por lista, no {count} veces",
    ),
    (
        r"'Garras y dientes' cannot take equipment, but character '(?P<character>.*)' "
        r"carries (?P<gear>.*)",
        "'Garras y dientes' no admite equipo, pero el personaje '{character}' lleva {gear}",
    ),
    (
        r"'Servus' on (?P<w_kind>\w+) '(?P<id>.*)' is not applied by the engine: adjust CON "
        r"and AGI by hand while it counts",
        "el motor no aplica 'Servus' en el arquetipo de tipo {w_kind} '{id}': ajusta CON y AGI "
        "a mano mientras cuente",
    ),
    (
        r"'Sin miembro \((?P<limb>.*)\)' on '(?P<id>.*)' names no limb the engine knows "
        r"\(brazo, mano, pierna, pie\): the players adjudicate which actions it hinders",
        "'Sin miembro ({limb})' en '{id}' no nombra ninguna extremidad que el motor conozca "
        "(brazo, mano, pierna, pie): los jugadores deciden qué acciones impide",
    ),
    # -- engine.core.saves -------------------------------------------------------------
    (
        r"not a Wartime save: it must start with 'wartime_save: (?P<version>\d+)'",
        "no es una partida guardada de Wartime: debe empezar por 'wartime_save: {version}'",
    ),
    (
        r"hash mismatch: the replay gives (?P<replayed>\S+), the save says (?P<saved>.*): its "
        r"moves or the scenario it embeds were changed",
        "el hash no coincide: la repetición da {replayed}, la partida guardada dice {saved}: "
        "se cambiaron sus jugadas o el escenario que incluye",
    ),
    (
        r"hash mismatch: the replay gives (?P<replayed>\S+), the save says (?P<saved>.*): its "
        r"moves were changed",
        "el hash no coincide: la repetición da {replayed}, la partida guardada dice {saved}: "
        "se cambiaron sus jugadas",
    ),
    (
        r"saved with hash version (?P<saved>\S+), and this program hashes with version "
        r"(?P<ours>\S+): the moves replayed, but the final hash cannot be compared",
        "guardada con la versión de hash {saved}, y este programa usa la versión {ours}: las "
        "jugadas se repitieron, pero el hash final no se puede comparar",
    ),
    (r"cannot be replayed: (?P<r_why>.*)", "no se puede repetir: {r_why}"),
    # -- the engine's refusals the play screen shows most (greyed actions, refused clicks) --
    (
        r"(?P<weapon>.+) cannot be used for this attack: it needs ALC > (?P<alc>\d+)",
        "{weapon} no sirve para este ataque: necesita ALC mayor que {alc}",
    ),
    (
        r"(?P<weapon>.+) cannot be used for this attack: it needs ALC (?P<alc>\d+)",
        "{weapon} no sirve para este ataque: necesita ALC {alc}",
    ),
    (
        r"After Esprintar a character cannot attack this turn",
        "Tras Esprintar, un personaje no puede atacar en este turno",
    ),
    (r"(?P<a>.+) is not engaged with (?P<b>.+) in CaC", "{a} no está trabado con {b} en CaC"),
    (
        r"Engaged in CaC: use Destrabarse to leave the combat",
        "Trabado en CaC: usa Destrabarse para salir del combate",
    ),
    (r"Engaged in CaC: you cannot shoot", "Trabado en CaC: no puedes disparar"),
    (r"Target outside the CdV", "El objetivo está fuera del CdV"),
    (r"No LdV to (?P<id>.+)", "No hay LdV hasta {id}"),
    (
        r"Target out of range: (?P<gap>\S+) K, (?P<weapon>.+) has ALC (?P<alc>\S+)",
        "Objetivo fuera de alcance: {gap} K, {weapon} tiene ALC {alc}",
    ),
    (
        r"Not enough ENE: (?P<what>.+?) costs (?P<cost>\d+), you have (?P<have>-?\d+)",
        "ENE insuficiente: {what} cuesta {cost} y tienes {have}",
    ),
    (r"(?P<what>.+) only once per activation", "{what} solo una vez por actuación"),
    (r"No figure '(?P<id>.*)' on the table", "No hay ninguna figura '{id}' en la mesa"),
    (r"(?P<id>.+) is already standing", "{id} ya está de pie"),
    (r"The game is over", "La partida ha terminado"),
    # -- board.history ----------------------------------------------------------------
    (
        r"the history limit must be 1 or more, got (?P<value>.*)",
        "el límite del historial debe ser 1 o más, no {value}",
    ),
)

TEMPLATES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.DOTALL), spanish) for pattern, spanish in _ROWS
)
_COORDINATES = re.compile(r"(?P<head>.*?)(?P<tail>\[[^\]]*\])", re.DOTALL)


def _word(phrase: str) -> str:
    """A phrase of the core's vocabulary in Spanish; unknown phrases stay as they are."""
    if phrase in WORDS:
        return WORDS[phrase]
    located = _COORDINATES.fullmatch(phrase)  # shapely's "Self-intersection[2 3]"
    if located and located["head"] in WORDS:
        return WORDS[located["head"]] + located["tail"]
    return phrase


def _located(problem: str) -> str:
    """``file:line: path: message`` with its message in Spanish, when it is known.

    The shortest tail after a ": " that some pattern knows is the message: the
    file name and the path before it are never read as part of it.
    """
    for cut in reversed([m.end() for m in re.finditer(": ", problem)]):
        spanish = to_spanish(problem[cut:])
        if spanish != problem[cut:]:
            return problem[:cut] + spanish
    return problem


def _value(name: str, value: str) -> str:
    if name.startswith("w_"):
        return _word(value)
    if name.startswith("p_"):
        return _located(value)
    if name.startswith("r_"):
        return to_spanish(value)
    return value


@lru_cache(maxsize=4096)
def to_spanish(message: str) -> str:
    """``message`` from the core in Spanish; the original text when it is not known.

    Never raises: the UI calls this on whatever it is about to show.
    """
    try:
        text = str(message)
        for pattern, spanish in TEMPLATES:
            match = pattern.fullmatch(text)
            if match is not None:
                values = {
                    name: _value(name, value)
                    for name, value in match.groupdict().items()
                    if value is not None
                }
                return spanish.format(**values)
        return text
    except Exception:  # a message must always be shown, even if a row is wrong
        return str(message)
