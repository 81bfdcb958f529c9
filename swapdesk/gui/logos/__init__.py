"""Real logos for tokens, chains and sources (`cryptocurrency-icons`, CC0, vendored by `vendor.py` with its
manifest), and a clean monogram for one that has none: the symbol's first letter in white on a neutral grey
circle, the same in both themes, never another token's colours or logo."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap

HERE = Path(__file__).resolve().parent
MONOGRAM = "#6b7280"  # white on it reads at 4.8:1
SIZES = (16, 20, 24, 32, 48)


@cache
def _manifest() -> dict[str, dict[str, str]]:
    return dict(json.loads((HERE / "manifest.json").read_text()))


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def logo_file(kind: str, name: str) -> Path | None:
    """The vendored logo of a token symbol ('tokens'), a chain flag ('chains') or a source ('sources')."""
    table = _manifest().get(kind, {})
    key = _slug(name) if kind == "sources" else name.lower()
    found = next((logo for listed, logo in table.items() if (listed if kind == "sources" else listed.lower()) == key),
                 None)  # fmt: skip
    return HERE / "svg" / f"{found}.svg" if found else None


def _letter(name: str) -> str:
    return next((ch.upper() for ch in name if ch.isalnum()), "?")


@cache
def monogram(name: str, size: int = 48) -> QPixmap:
    """A round grey mark with `name`'s first letter, drawn at twice the size for sharp screens."""
    ratio = 2
    pixmap = QPixmap(size * ratio, size * ratio)
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(MONOGRAM))
    painter.drawEllipse(QRectF(0.5, 0.5, size - 1, size - 1))
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(7, round(size * 0.5)))
    painter.setFont(font)
    painter.setPen(QColor("#ffffff"))
    painter.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter, _letter(name))
    painter.end()
    return pixmap


@cache
def _icon(kind: str, name: str) -> QIcon:
    found = logo_file(kind, name)
    if found is not None:
        return QIcon(str(found))
    icon = QIcon()
    for size in SIZES:
        icon.addPixmap(monogram(name, size))
    return icon


def token_icon(symbol: str) -> QIcon:
    return _icon("tokens", symbol)


def chain_icon(flag: str, name: str = "") -> QIcon:
    """A chain's logo (its native coin's, where the package has it), else its name's monogram."""
    return _icon("chains", flag) if logo_file("chains", flag) else _icon("names", name or flag)


def source_icon(name: str) -> QIcon:
    return _icon("sources", name)
