"""Write a template sheet (render/template_sheet.py) as a PDF with fpdf2, atomically.

The page is the paper's exact size in millimetres and nothing is scaled: what
the layout says is 100 mm is drawn as 100 mm (283.46 pt).  The file appears
whole or not at all (formats.files.write_atomic), like every other save.
"""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from wartime.formats.files import write_atomic
from wartime.render.template_sheet import Label, Page, Piece, Sheet

OUTLINE_MM = 0.3  # the cutting line
TICK_MM = 0.2
FONT = "Helvetica"  # a PDF core font: nothing to embed, Latin-1 covers Spanish


def sheet_pdf(sheet: Sheet, compress: bool = True) -> bytes:
    """The PDF's bytes; ``compress=False`` leaves the drawing commands readable."""
    pdf = FPDF(unit="mm", format=(sheet.paper.width, sheet.paper.height))
    pdf.set_compression(compress)
    pdf.set_auto_page_break(False)
    pdf.set_creator("Wartime Simulator")
    pdf.set_title(f"WARTIME {sheet.scale}")
    for page in sheet.pages:
        pdf.add_page()
        _page(pdf, page, sheet.scale)
    return bytes(pdf.output())


def write_sheet_pdf(sheet: Sheet, path: str | Path) -> None:
    write_atomic(path, sheet_pdf(sheet))


def _page(pdf: FPDF, page: Page, scale: str) -> None:
    _label(pdf, page.caption)
    x, y, side = page.check_square
    pdf.set_line_width(OUTLINE_MM)
    pdf.rect(x, y, side, side)
    _label(pdf, page.check_note)
    _label(pdf, Label((x + 3.0, y + side / 2), f"10 cm × 10 cm · {scale}", 11.0))
    for piece in page.pieces:
        _piece(pdf, piece)


def _piece(pdf: FPDF, piece: Piece) -> None:
    _label(pdf, piece.title)
    if piece.tiled:  # a thin frame: tape the tiles together along it
        pdf.set_line_width(TICK_MM)
        pdf.set_draw_color(150)
        pdf.rect(*piece.clip)
        pdf.set_draw_color(0)
    ox, oy = piece.origin
    drawing = piece.drawing
    with pdf.rect_clip(*piece.clip):
        pdf.set_line_width(OUTLINE_MM)
        for outline in drawing.outlines:
            pdf.polygon([(ox + px, oy + py) for px, py in outline], style="D")
        pdf.set_line_width(TICK_MM)
        for stroke in drawing.strokes:
            pdf.line(ox + stroke.start[0], oy + stroke.start[1],
                     ox + stroke.end[0], oy + stroke.end[1])  # fmt: skip
        for label in drawing.labels:
            _label(pdf, Label((ox + label.at[0], oy + label.at[1]), label.text, label.size))


def _label(pdf: FPDF, label: Label) -> None:
    pdf.set_font(FONT, size=label.size)
    pdf.text(label.at[0], label.at[1], label.text)
