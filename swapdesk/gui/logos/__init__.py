"""Real logos for tokens, chains, liquidity sources and bridges, vendored from licensed sets by `vendor.py` with a
manifest saying where each came from; a name no set draws shows the neutral mark of its kind (a coin, a block,
two arrows, a bridge: swapdesk's own drawings), never another's logo or a letter. Every logo is drawn round,
whatever the shape of its file (some sets draw squares), so that a list of them reads as one set; a disabled
one is drawn faint."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QIconEngine, QPainter, QPainterPath, QPen, QPixmap

HERE = Path(__file__).resolve().parent
KINDS = ("tokens", "chains", "sources", "bridges")


@cache
def manifest() -> dict[str, Any]:
    return dict(json.loads((HERE / "manifest.json").read_text()))


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@cache
def _table(kind: str) -> dict[str, str]:
    """A kind's names as they are looked up: tokens by symbol and bridges by name without case, sources by
    their name's slug ('PancakeSwap V2' = 'pancakeswap-v2'), chains by flag."""
    key = _slug if kind == "sources" else str.lower
    return {key(name): logo for name, logo in manifest()[kind].items()}


def logo_name(kind: str, name: str) -> str:
    """The logo a token symbol ('tokens'), a chain flag ('chains'), a source ('sources') or a bridge ('bridges')
    shows: its own where a licensed set has it, else its kind's neutral mark."""
    key = _slug(name) if kind == "sources" else name.lower()
    return _table(kind).get(key) or str(manifest()["neutral"][kind])


def logo_file(kind: str, name: str) -> Path:
    return HERE / str(manifest()["logos"][logo_name(kind, name)]["file"])


RING = QColor(128, 128, 128, 70)  # a faint edge, so that a logo on white reads on a light window too


class _RoundLogo(QIconEngine):
    """An SVG (drawn by Qt's SVG icon engine: the bundle leaves QtSvg's Python module out) in a circle with a
    faint edge, at any size and pixel ratio, as sharp as the screen allows."""

    def __init__(self, file: Path) -> None:
        super().__init__()
        self.file = file
        self.svg = QIcon(str(file))

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if mode == QIcon.Mode.Disabled:
            painter.setOpacity(0.4)
        circle = QPainterPath()
        circle.addEllipse(QRectF(rect))
        painter.setClipPath(circle)
        self.svg.paint(painter, rect)
        painter.setClipping(False)
        painter.setPen(QPen(RING, 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5))
        painter.restore()

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        return self.scaledPixmap(size, mode, state, 1.0)

    def scaledPixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State, scale: float) -> QPixmap:
        pixmap = QPixmap(size * scale)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        self.paint(painter, QRect(0, 0, pixmap.width(), pixmap.height()), mode, state)
        painter.end()
        pixmap.setDevicePixelRatio(scale)
        return pixmap

    def clone(self) -> QIconEngine:
        return _RoundLogo(self.file)


@cache
def _icon(kind: str, name: str) -> QIcon:
    return QIcon(_RoundLogo(logo_file(kind, name)))


def token_icon(symbol: str) -> QIcon:
    return _icon("tokens", symbol)


def chain_icon(flag: str) -> QIcon:
    """A chain's logo (its native coin's, or its network's where the coin is another chain's)."""
    return _icon("chains", flag)


def source_icon(name: str) -> QIcon:
    return _icon("sources", name)


def bridge_icon(bridge: str) -> QIcon:
    return _icon("bridges", bridge)
