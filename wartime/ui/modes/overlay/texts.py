"""The overlay's texts, in Spanish and English (the game's terms stay as the book writes
them in both: CdV, LdV, ENE, DAÑ, DEF, CH IMP, CH DEF, K)."""

from __future__ import annotations

from wartime.ui.strings import register

ES = {
    "overlay.title": "{name} — superposición — Wartime Simulator",
    "bar.blank": "Mesa vacía",
    "bar.print": "Imprimir",
    "tip.print": "Plantillas a tamaño real (PDF) para la escala elegida",
    # Tools.
    "ovtool.table": "1 Mesa",
    "ovtool.measure": "2 Medir",
    "ovtool.template": "3 Plantillas",
    "ovtool.scatter": "4 Dispersión",
    "ovtool.noise": "5 Ruido",
    "ovtool.odds": "6 Probabilidades",
    "ovtool.threats": "T Amenazas: {state}",
    "ovtool.seen": "V Lo que ve: {state}",
    "hint.table": (
        "Arrastra figuras · rueda sobre la elegida o Q/E: girar · N: añadir en el cursor ·"
        " Supr: quitar"
    ),
    "hint.measure": (
        "Clic en una figura y luego en otra: distancia, CdV, LdV y cobertura · X: corte"
    ),
    "hint.template": (
        "La plantilla sigue al ratón · rueda: girar · +/−: tamaño · Tab: R, L, G, S"
        " · S: clic en el objetivo"
    ),
    "hint.scatter": "Clic en el punto apuntado: se tiran los dados de dispersión",
    "hint.noise": "Clic en la fuente del ruido (DAÑ o K movidos en el panel)",
    "hint.odds": "Escribe los valores en el panel: probabilidades exactas",
    # Fields.
    "field.base": "Peana (K)",
    "field.side": "Bando (A/B)",
    "field.height": "Altura (K)",
    "field.posture": "Postura (pie/agachado/tierra)",
    "field.level": "Nivel (-1, 1-4)",
    "field.width": "Mesa vacía: ancho (K)",
    "field.depth": "Mesa vacía: fondo (K)",
    "field.size": "Tamaño",
    "field.disk": "Disco de G (K)",
    "field.seed": "Semilla de los dados",
    "field.distance": "Distancia al objetivo (K)",
    "field.dan": "DAÑ del arma",
    "field.moved": "K movidos (0: arma)",
    "field.rule": "Muros (subtract_def/halve)",
    "field.attribute": "Atributo o arma (CH IMP)",
    "field.modifier": "Modificador CH IMP",
    "field.defense": "DEF del objetivo",
    "field.defense_modifier": "Modificador CH DEF",
    "field.damage": "DAÑ",
    "field.cover": "Cobertura (none…total)",
    "field.cover_defense": "DEF de la cobertura",
    # The table.
    "table.selected": "<b>{id}</b> · bando {side} · peana {base} K · altura {height} K ·"
    " {posture} · nivel {level} · orientación {facing}°",
    "table.none": "Ninguna figura elegida: clic en una para moverla o girarla.",
    "table.added": "Añadida {id}",
    "table.removed": "Quitada {id}",
    "table.refused": "No se puede: {reason}",
    "table.blank": "Mesa vacía de {width}×{depth} K",
    "table.blocked": "{id} se detiene contra {what}",
    "table.edge": "el borde de la mesa",
    "table.threats_title": "<b>Amenazas sobre {id}</b>",
    "table.threat": "{source}: LdV {sight} · cobertura {cover} %{cdv}",
    "table.out_of_cdv": " · fuera de su CdV",
    "table.no_enemies": "Ningún enemigo en la mesa.",
    "posture.standing": "de pie",
    "posture.crouched": "agachado",
    "posture.prone": "cuerpo a tierra",
    # Measuring.
    "measure.pick_source": "Clic en la figura que mira.",
    "measure.pick_target": "{source} elegida: clic en el objetivo.",
    "measure.title": "<b>{source} -> {target}</b>",
    "measure.distance": "Distancia borde a borde: <b>{k} K</b> · {cm} cm ({scale} cm/K)",
    "measure.centres": "Entre centros: {k} K",
    "measure.cdv_yes": "En el CdV de {source}: sí (VOL×5 = {range} K)",
    "measure.cdv_arc": "En el CdV de {source}: no, fuera de alcance (VOL×5 = {range} K)",
    "measure.cdv_no": "En el CdV de {source}: no, fuera del arco de 180°",
    "measure.los": "LdV: <b>{sight}</b>",
    "measure.cover": "Cobertura: <b>{percent} %</b> · {kind}",
    "measure.effect": "En las reglas: {effect}",
    "measure.band": "Alcance: {band} · CH IMP {modifier}",
    "measure.walls": "Muros cruzados:",
    "measure.wall": "· {id} a {at} K · altura {height} K · DEF {defense}",
    "measure.no_walls": "Muros cruzados: ninguno",
    "measure.caption": "{k} K · {cm} cm",
    "sight.clear": "despejada",
    "sight.partial": "parcial",
    "sight.blocked": "bloqueada",
    "cover.none": "ninguna (0 %)",
    "cover.partial": "parcial (hasta el 50 %)",
    "cover.over_half": "más de la mitad",
    "cover.total": "total (100 %)",
    "effect.none": "sin efecto sobre el ataque",
    "effect.over_half": "CH DEF +2",
    "effect.total": "antes, la cobertura tira su propio CH DEF (DEF {defense}); falla: CH DEF +2",
    "effect.crit": "(un crítico en CH IMP la ignora)",
    "band.first": "hasta 10 K",
    "band.other": "de {lo} a {hi} K",
    # Templates.
    "template.title": "<b>Plantilla {shape}</b>",
    "template.full": "Cubiertas del todo (DAÑ completo): {ids}",
    "template.partial": "Cubiertas en parte (mitad de DAÑ): {ids}",
    "template.nobody": "nadie",
    "template.full_mark": "DAÑ",
    "template.partial_mark": "½ DAÑ",
    "template.chain": "Salto {shape} desde {target}: {ids}",
    "template.ties": "Empates resueltos con d10: {rolls}",
    "template.no_ties": "Sin empates",
    "template.pick": "Clic en el objetivo del salto.",
    # Scatter.
    "scatter.title": "<b>Dispersión</b> desde ({x}, {y}) a {distance} K del objetivo",
    "scatter.dice": "{count}d10 (semilla {seed}): {rolls} = {total} K",
    "scatter.angle": "Dirección {angle}° · cae en ({x}, {y})",
    "scatter.caption": "{total} K",
    "scatter.pick": "Clic en el punto apuntado.",
    # Noise.
    "noise.title": "<b>Ruido</b> en ({x}, {y}) · alcance {radius} K ({source})",
    "noise.weapon": "arma de DAÑ {dan}: DAÑ×2",
    "noise.moving": "{moved} K movidos ×2",
    "noise.rule": "Muros: {rule}",
    "noise.hears": "Lo oyen: {ids}",
    "noise.mark": "oye",
    "noise.pick": "Clic en la fuente del ruido.",
    # Odds.
    "odds.impact": "<b>CH IMP</b> a {target}",
    "odds.defence": "<b>CH DEF</b> a {target}",
    "odds.cover_check": "<b>CH DEF de la cobertura</b> a {target}",
    "odds.row": "{name}: {fraction} ({percent})",
    "odds.critical": "crítico",
    "odds.pass": "pasa",
    "odds.fail": "falla",
    "odds.fumble": "pifia",
    "odds.wound": "<b>Probabilidad de herir: {fraction} ({percent})</b>",
    "odds.wounds": "Heridas: {spread}",
    "odds.bad": "Valor no válido en «{field}»: {value}",
    # Loading.
    "load.failed": "No se puede leer {path}",
    "load.opened": "Abierto: {path}",
    # The cross-section (X), what a figure sees (V) and the print button.
    "section.title": "Corte de la LdV de {source} a {target}",
    "section.eye": "ojo {height} K",
    "section.target": "objetivo",
    "section.wall": "{id}: {height} K · DEF {defense}",
    "section.stretch": "alturas ×{factor}",
    "section.none": "Para el corte (X), mide antes: clic en una figura y luego en otra (2)",
    "seen.none": "Lo que ve (V): elige una figura",
    "print.title": "Guardar las plantillas (PDF)",
    "print.wrote": "Plantillas escritas en {path}: {pages} página(s), escala {scale}",
    "print.failed": "No se pudo escribir {path}: {reason}",
    "print.not_pdf": "el nombre debe acabar en .pdf",
    "print.no_folder": "la carpeta no existe",
    "help.overlay": (
        "<b>Superposición de medición</b><br>"
        "<b>1</b> Mesa: arrastra figuras (las peanas no se solapan); rueda sobre la figura"
        " elegida o <b>Q / E</b>: girar 15°; <b>N</b>: añadir una figura en el cursor con los"
        " valores del panel; <b>Supr</b>: quitar la elegida; «Mesa vacía»: una mesa del"
        " tamaño del panel.<br>"
        "<b>2</b> Medir: clic en una figura y luego en otra.<br>"
        "<b>3</b> Plantillas: siguen al ratón; rueda: girar; <b>+ / −</b>: tamaño;"
        " <b>Tab</b>: R, L, G o S; con S, clic en el objetivo.<br>"
        "<b>4</b> Dispersión: clic en el punto apuntado (cada tirada cambia la semilla).<br>"
        "<b>5</b> Ruido: clic en la fuente.<br>"
        "<b>6</b> Probabilidades: valores en el panel.<br>"
        "<b>T</b>: amenazas sobre la figura elegida (LdV de cada enemigo).<br>"
        "<b>X</b>: corte de la LdV medida (suelo, ojo, muros con altura y DEF, silueta);"
        " <b>X</b> o <b>Esc</b>: cerrarlo.<br>"
        "<b>V</b>: sombrea lo que ve la figura elegida (dónde se vería una figura de pie"
        " de 1 K, con muros y edificios a su altura).<br>"
        "«Imprimir»: las plantillas a tamaño real (PDF) para la escala elegida.<br>"
        "<b>Esc</b>: soltar la elección o la medida; si no hay, salir.<br>"
        "<b>Ctrl+O</b>: abrir un mapa · <b>F</b>: ajustar · <b>G</b>: rejilla ·"
        " <b>A</b>: arcos · <b>F1</b>: esta ayuda<br>"
        "Rueda (fuera de la figura elegida): zoom · botón central o espacio+arrastrar:"
        " mover la vista · flechas: desplazar"
    ),
}

EN = {
    "overlay.title": "{name} — overlay — Wartime Simulator",
    "bar.blank": "Blank table",
    "bar.print": "Print",
    "tip.print": "Templates at true size (PDF) for the chosen scale",
    "ovtool.table": "1 Table",
    "ovtool.measure": "2 Measure",
    "ovtool.template": "3 Templates",
    "ovtool.scatter": "4 Scatter",
    "ovtool.noise": "5 Noise",
    "ovtool.odds": "6 Odds",
    "ovtool.threats": "T Threats: {state}",
    "ovtool.seen": "V What it sees: {state}",
    "hint.table": (
        "Drag figures · wheel over the selected one or Q/E: turn · N: add at the cursor ·"
        " Del: remove"
    ),
    "hint.measure": "Click a figure, then another: distance, CdV, LdV and cover · X: section",
    "hint.template": (
        "The template follows the mouse · wheel: turn · +/−: size · Tab: R, L, G, S"
        " · S: click the target"
    ),
    "hint.scatter": "Click the aimed point: the scatter dice are rolled",
    "hint.noise": "Click the noise's source (DAÑ or K moved in the panel)",
    "hint.odds": "Type the values in the panel: exact odds",
    "field.base": "Base (K)",
    "field.side": "Side (A/B)",
    "field.height": "Height (K)",
    "field.posture": "Posture (stand/crouch/prone)",
    "field.level": "Level (-1, 1-4)",
    "field.width": "Blank table: width (K)",
    "field.depth": "Blank table: depth (K)",
    "field.size": "Size",
    "field.disk": "G disk (K)",
    "field.seed": "Dice seed",
    "field.distance": "Distance to the target (K)",
    "field.dan": "Weapon's DAÑ",
    "field.moved": "K moved (0: weapon)",
    "field.rule": "Walls (subtract_def/halve)",
    "field.attribute": "Attribute or weapon (CH IMP)",
    "field.modifier": "CH IMP modifier",
    "field.defense": "Target's DEF",
    "field.defense_modifier": "CH DEF modifier",
    "field.damage": "DAÑ",
    "field.cover": "Cover (none…total)",
    "field.cover_defense": "Cover's DEF",
    "table.selected": "<b>{id}</b> · side {side} · base {base} K · height {height} K ·"
    " {posture} · level {level} · facing {facing}°",
    "table.none": "No figure selected: click one to move or turn it.",
    "table.added": "Added {id}",
    "table.removed": "Removed {id}",
    "table.refused": "Not possible: {reason}",
    "table.blank": "Blank table of {width}×{depth} K",
    "table.blocked": "{id} stops against {what}",
    "table.edge": "the table's edge",
    "table.threats_title": "<b>Threats to {id}</b>",
    "table.threat": "{source}: LdV {sight} · cover {cover} %{cdv}",
    "table.out_of_cdv": " · outside its CdV",
    "table.no_enemies": "No enemy on the table.",
    "posture.standing": "standing",
    "posture.crouched": "crouched",
    "posture.prone": "prone",
    "measure.pick_source": "Click the figure that looks.",
    "measure.pick_target": "{source} chosen: click the target.",
    "measure.title": "<b>{source} -> {target}</b>",
    "measure.distance": "Edge to edge: <b>{k} K</b> · {cm} cm ({scale} cm/K)",
    "measure.centres": "Centre to centre: {k} K",
    "measure.cdv_yes": "In {source}'s CdV: yes (VOL×5 = {range} K)",
    "measure.cdv_arc": "In {source}'s CdV: no, out of range (VOL×5 = {range} K)",
    "measure.cdv_no": "In {source}'s CdV: no, outside the 180° arc",
    "measure.los": "LdV: <b>{sight}</b>",
    "measure.cover": "Cover: <b>{percent} %</b> · {kind}",
    "measure.effect": "In the rules: {effect}",
    "measure.band": "Range: {band} · CH IMP {modifier}",
    "measure.walls": "Walls crossed:",
    "measure.wall": "· {id} at {at} K · height {height} K · DEF {defense}",
    "measure.no_walls": "Walls crossed: none",
    "measure.caption": "{k} K · {cm} cm",
    "sight.clear": "clear",
    "sight.partial": "partial",
    "sight.blocked": "blocked",
    "cover.none": "none (0 %)",
    "cover.partial": "partial (up to 50 %)",
    "cover.over_half": "over half",
    "cover.total": "total (100 %)",
    "effect.none": "no effect on the attack",
    "effect.over_half": "CH DEF +2",
    "effect.total": "first a CH DEF of the cover (DEF {defense}); if it fails, CH DEF +2",
    "effect.crit": "(a critical CH IMP ignores it)",
    "band.first": "up to 10 K",
    "band.other": "{lo} to {hi} K",
    "template.title": "<b>Template {shape}</b>",
    "template.full": "Fully covered (full DAÑ): {ids}",
    "template.partial": "Partly covered (half DAÑ): {ids}",
    "template.nobody": "nobody",
    "template.full_mark": "DAÑ",
    "template.partial_mark": "½ DAÑ",
    "template.chain": "Jump {shape} from {target}: {ids}",
    "template.ties": "Ties broken with d10: {rolls}",
    "template.no_ties": "No ties",
    "template.pick": "Click the jump's target.",
    "scatter.title": "<b>Scatter</b> from ({x}, {y}), {distance} K from the target",
    "scatter.dice": "{count}d10 (seed {seed}): {rolls} = {total} K",
    "scatter.angle": "Direction {angle}° · lands at ({x}, {y})",
    "scatter.caption": "{total} K",
    "scatter.pick": "Click the aimed point.",
    "noise.title": "<b>Noise</b> at ({x}, {y}) · reach {radius} K ({source})",
    "noise.weapon": "weapon of DAÑ {dan}: DAÑ×2",
    "noise.moving": "{moved} K moved ×2",
    "noise.rule": "Walls: {rule}",
    "noise.hears": "Heard by: {ids}",
    "noise.mark": "hears",
    "noise.pick": "Click the noise's source.",
    "odds.impact": "<b>CH IMP</b> at {target}",
    "odds.defence": "<b>CH DEF</b> at {target}",
    "odds.cover_check": "<b>Cover's CH DEF</b> at {target}",
    "odds.row": "{name}: {fraction} ({percent})",
    "odds.critical": "critical",
    "odds.pass": "pass",
    "odds.fail": "fail",
    "odds.fumble": "fumble",
    "odds.wound": "<b>Chance to wound: {fraction} ({percent})</b>",
    "odds.wounds": "Wounds: {spread}",
    "odds.bad": "Not a valid value in “{field}”: {value}",
    "load.failed": "Cannot read {path}",
    "load.opened": "Opened: {path}",
    "section.title": "LdV cross-section, {source} to {target}",
    "section.eye": "eye {height} K",
    "section.target": "target",
    "section.wall": "{id}: {height} K · DEF {defense}",
    "section.stretch": "heights ×{factor}",
    "section.none": "For the cross-section (X), measure first: click a figure, then another (2)",
    "seen.none": "What it sees (V): select a figure",
    "print.title": "Save the templates (PDF)",
    "print.wrote": "Templates written to {path}: {pages} page(s), scale {scale}",
    "print.failed": "Could not write {path}: {reason}",
    "print.not_pdf": "the name must end in .pdf",
    "print.no_folder": "no such folder",
    "help.overlay": (
        "<b>Measurement overlay</b><br>"
        "<b>1</b> Table: drag figures (bases never overlap); wheel over the selected figure"
        " or <b>Q / E</b>: turn 15°; <b>N</b>: add a figure at the cursor with the panel's"
        " values; <b>Del</b>: remove the selected one; “Blank table”: a table of the panel's"
        " size.<br>"
        "<b>2</b> Measure: click a figure, then another.<br>"
        "<b>3</b> Templates: they follow the mouse; wheel: turn; <b>+ / −</b>: size;"
        " <b>Tab</b>: R, L, G or S; with S, click the target.<br>"
        "<b>4</b> Scatter: click the aimed point (each roll moves the seed on).<br>"
        "<b>5</b> Noise: click the source.<br>"
        "<b>6</b> Odds: values in the panel.<br>"
        "<b>T</b>: threats to the selected figure (each enemy's LdV).<br>"
        "<b>X</b>: cross-section of the measured LdV (ground, eye, walls with height and"
        " DEF, silhouette); <b>X</b> or <b>Esc</b>: close it.<br>"
        "<b>V</b>: shade what the selected figure can see (where a standing 1 K figure"
        " would show, walls and buildings at their heights).<br>"
        "“Print”: the templates at true size (PDF) for the chosen scale.<br>"
        "<b>Esc</b>: drop the selection or the measurement; when none, quit.<br>"
        "<b>Ctrl+O</b>: open a map · <b>F</b>: fit · <b>G</b>: grid · <b>A</b>: arcs ·"
        " <b>F1</b>: this help<br>"
        "Wheel (away from the selected figure): zoom · middle button or space+drag:"
        " pan · arrows: scroll"
    ),
}

register(ES, EN)
