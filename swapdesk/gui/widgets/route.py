"""The route diagram, drawn as Uniswap draws routes: one line per route, token → source → token.

Data decides the picture: a list of `RouteLine` (its share in percent, its hops, each a source between
two tokens). Each line starts at the sold token's icon with its share, runs along a dotted connector
through a pill per hop (the source's logo and full name; between two hops, the token it passes through, its logo
and symbol) and ends at the bought token's logo. Labels are never cut: the widget asks for the width its longest line
needs (a token between two hops is named where the width allows it, its logo alone where the window is narrow:
the cards side by side matter more than a hop's symbol). `lines_from_dex_path` makes direct lines from the spec's
`dexPath` alone, for servers that say no more; `lines_from_routes` draws each hop when the quote carries its routes.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from swapdesk.gui import theme
from swapdesk.gui.i18n import tr
from swapdesk.gui.logos import source_icon, token_icon

ROW, TOKEN, SOURCE, GAP, MARGIN, HEADER, LABEL_GAP = 40, 24, 16, 12, 4, 20, 4
DENSE_ROW, DENSE_AFTER = 31, 4  # more paths than this: closer rows, so a split over many paths fits the window


@dataclass(frozen=True)
class Hop:
    source: str
    token_in: str  # symbols
    token_out: str


@dataclass(frozen=True)
class RouteLine:
    percent: int
    hops: tuple[Hop, ...]


@dataclass(frozen=True)
class Piece:
    kind: str  # "share", "source" (a hop's pill) or "token" (between two hops)
    text: str  # the share, the source's name, the token's symbol
    rect: QRectF
    named: bool = True  # a token's symbol drawn beside its logo (False: the logo alone, where room is short)


@dataclass(frozen=True)
class Share:
    source: str
    percent: int


def shares(dex_path: list[str]) -> list[Share]:
    """'PancakeSwap:55' entries -> shares (a source's name may hold ':')."""
    out = []
    for entry in dex_path:
        name, _, percent = entry.rpartition(":")
        out.append(Share(name, int(percent)))
    return out


def lines_from_dex_path(dex_path: list[str], sell: str, buy: str) -> list[RouteLine]:
    """One direct line per source of `dexPath`: all the spec says about a route."""
    return [RouteLine(s.percent, (Hop(s.source, sell, buy),)) for s in shares(dex_path)]


def lines_from_routes(
    routes: Sequence[tuple[int, Sequence[str], Sequence[str]]], symbol: Callable[[str], str]
) -> list[RouteLine]:
    """(percent, each hop's source, token path) per route -> lines; `symbol` names a token address."""
    lines = []
    for percent, sources, path in routes:
        names = [symbol(address) for address in path]
        hops = tuple(Hop(source, a, b) for source, (a, b) in zip(sources, itertools.pairwise(names), strict=True))
        lines.append(RouteLine(percent, hops))
    return lines


def describe(lines: list[RouteLine]) -> str:
    """'55%: USDT → PancakeSwap → WBNB → BiSwap → BNB', one line per route."""
    out = []
    for line in lines:
        steps = [line.hops[0].token_in] if line.hops else []
        for hop in line.hops:
            steps += [hop.source, hop.token_out]
        out.append(f"{line.percent}%: {' → '.join(steps)}")
    return "\n".join(out)


class RouteDiagram(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lines: list[RouteLine] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(tr("Route"))

    def set_lines(self, lines: list[RouteLine]) -> None:
        self.lines = lines
        text = describe(lines)
        self.setToolTip(text)
        self.setAccessibleDescription(text)
        self.updateGeometry()
        self.update()

    # -- sizes ---------------------------------------------------------------------------

    def _pill_width(self, text: str) -> int:
        return QFontMetrics(self.font()).horizontalAdvance(text) + SOURCE + 22

    def _middle_width(self, symbol: str, named: bool = True) -> int:
        """A token between two hops: its logo, then its symbol (a logo alone does not say which token it is)."""
        return TOKEN + (LABEL_GAP + QFontMetrics(self.font()).horizontalAdvance(symbol) if named else 0)

    def _share_width(self) -> int:
        return QFontMetrics(self.font()).horizontalAdvance("100%") + 14

    def _inner_width(self, line: RouteLine, named: bool = True) -> int:
        """The pills and the tokens between them, a gap either side of each token."""
        pills = sum(self._pill_width(h.source) for h in line.hops)
        middles = sum(self._middle_width(h.token_out, named) + 2 * GAP for h in line.hops[:-1])
        return pills + middles

    def _line_width(self, line: RouteLine, named: bool = True) -> int:
        return 2 * MARGIN + 2 * TOKEN + self._share_width() + self._inner_width(line, named) + GAP * 4

    def _named(self) -> bool:
        """Whether the tokens between hops are named at this width: every line has room for their symbols."""
        return self.width() >= max((self._line_width(line) for line in self.lines), default=0)

    def sizeHint(self) -> QSize:
        width = max((self._line_width(line) for line in self.lines), default=320)
        return QSize(width, HEADER + self._row() * max(1, len(self.lines)))

    def _row(self) -> int:
        return ROW if len(self.lines) <= DENSE_AFTER else DENSE_ROW

    def minimumSizeHint(self) -> QSize:
        """Sources' names whole, never cut; the tokens between hops by their logos alone."""
        width = max((self._line_width(line, named=False) for line in self.lines), default=320)
        return QSize(width, self.sizeHint().height())

    # -- layout --------------------------------------------------------------------------

    def pieces(self, line: RouteLine, y: float) -> list[Piece]:
        """What a line draws, left to right, at height `y`: its share, then each hop's pill (the source's logo
        and name) with the token it leads to between two pills (its logo and symbol); the ends' logos are drawn
        at the line's two ends, their symbols above the lines."""
        right = self.width() - MARGIN - TOKEN
        x = MARGIN + TOKEN + GAP / 2
        out = [Piece("share", f"{line.percent}%", QRectF(x, y - 11, self._share_width(), 22))]
        start = out[0].rect.right() + GAP
        named = self._named()
        spare = max(0.0, right - GAP - start - self._inner_width(line, named)) / (len(line.hops) + 1)  # spread out
        x = start + spare
        for i, hop in enumerate(line.hops):
            pill = QRectF(x, y - 13, self._pill_width(hop.source), 26)
            out.append(Piece("source", hop.source, pill))
            x = pill.right() + spare
            if i < len(line.hops) - 1:
                token = QRectF(x + GAP, y - TOKEN / 2, self._middle_width(hop.token_out, named), TOKEN)
                out.append(Piece("token", hop.token_out, token, named))
                x = token.right() + GAP
        return out

    # -- drawing -------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.lines:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        right = self.width() - MARGIN - TOKEN
        first = self.lines[0].hops[0] if self.lines[0].hops else None
        if first is not None:  # the ends, named once above the lines
            painter.setPen(text)
            painter.drawText(QRectF(MARGIN, 0, 200, HEADER), Qt.AlignmentFlag.AlignLeft, first.token_in)
            last = self.lines[0].hops[-1].token_out
            painter.drawText(QRectF(right + TOKEN - 200, 0, 200, HEADER), Qt.AlignmentFlag.AlignRight, last)
        row = self._row()
        for n, line in enumerate(self.lines):
            middle = HEADER + n * row + row / 2
            self._draw_line(painter, line, middle, right, palette)
        painter.end()

    def _draw_line(self, painter: QPainter, line: RouteLine, y: float, right: float, palette: QPalette) -> None:
        text = palette.color(QPalette.ColorRole.WindowText)
        faint = QColor(text)
        faint.setAlpha(150)  # the connector stays behind the pills it joins
        connector = QPen(faint)
        connector.setStyle(Qt.PenStyle.DotLine)
        connector.setWidthF(1.4)
        painter.setPen(connector)
        painter.drawLine(QPointF(MARGIN + TOKEN, y), QPointF(right, y))
        if not line.hops:
            return
        self._token(painter, line.hops[0].token_in, MARGIN, y)
        self._token(painter, line.hops[-1].token_out, right, y)
        for piece in self.pieces(line, y):
            if piece.kind == "share":
                self._pill(painter, piece.rect, palette, QPalette.ColorRole.Highlight)
                painter.setPen(palette.color(QPalette.ColorRole.HighlightedText))
                painter.drawText(piece.rect, Qt.AlignmentFlag.AlignCenter, piece.text)
            elif piece.kind == "source":
                self._pill(painter, piece.rect, palette, QPalette.ColorRole.Base)
                picture = source_icon(piece.text).pixmap(SOURCE, SOURCE)
                painter.drawPixmap(int(piece.rect.left() + 8), int(y - SOURCE / 2), picture)
                painter.setPen(text)
                label = piece.rect.adjusted(SOURCE + 12, 0, -8, 0)
                painter.drawText(label, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, piece.text)
            else:  # a token between two hops, on its card's colour so the connector does not run through it
                painter.fillRect(piece.rect, QColor(theme.roles(palette).surface))
                self._token(painter, piece.text, piece.rect.left(), y)
                if piece.named:
                    painter.setPen(text)
                    label = piece.rect.adjusted(TOKEN + LABEL_GAP, 0, 0, 0)
                    painter.drawText(label, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, piece.text)

    def _pill(self, painter: QPainter, rect: QRectF, palette: QPalette, fill: QPalette.ColorRole) -> None:
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(palette.color(fill))
        painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)

    def _token(self, painter: QPainter, symbol: str, x: float, y: float) -> None:
        painter.drawPixmap(int(x), int(y - TOKEN / 2), token_icon(symbol).pixmap(TOKEN, TOKEN))
