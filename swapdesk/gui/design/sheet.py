"""The application's style sheet, made from the tokens: one look for every screen, in light and in dark.

Components say what they are with a dynamic property (`role` on a frame or label, `variant` on a button,
`kind` on a notice or badge) and the sheet draws each kind once. Text that carries a meaning takes its tone
from the palette (`theme.tint`), never from here, so no rule below colours a plain label.

Focus is always visible: every control that takes the keyboard draws a 2-pixel ring in the accent (on the
primary button, whose fill is the accent, the ring is the text colour), with its padding reduced by as much,
so nothing moves when the focus arrives.
"""

from __future__ import annotations

from pathlib import Path

from swapdesk.gui.design.tokens import CONTROL_HEIGHT, FIELD_HEIGHT, RADIUS, TYPE, Roles

ASSETS = Path(__file__).resolve().parent / "assets"


LEAST_PT = 9.0  # 12 px at 96 dpi: no words smaller, a caption under a route or a fee included (issue 31, item 14)


def _pt(base: float, step: str) -> str:
    return f"{max(base * TYPE[step], LEAST_PT):.1f}pt"


def build(c: Roles, dark: bool, base_pt: float) -> str:
    """The whole sheet for these colours and the application's font size (points)."""
    chevron = (ASSETS / f"chevron-down-{'dark' if dark else 'light'}.svg").as_posix()
    check = (ASSETS / "check.svg").as_posix()  # white, on the accent's fill
    sm, md, lg = RADIUS["sm"], RADIUS["md"], RADIUS["lg"]
    pill = FIELD_HEIGHT // 2
    inner = CONTROL_HEIGHT - 14  # a control's content height, inside its padding and border
    return f"""
* {{ dialogbuttonbox-buttons-have-icons: 0; }}
QMainWindow, QDialog {{ background: {c.window}; }}
QWidget[role="page"] {{ background: {c.window}; }}
QScrollArea {{ background: transparent; border: none; }}
QScrollArea > QWidget > QWidget[role="page"] {{ background: {c.window}; }}
QScrollArea[role="fields"], QScrollArea[role="fields"] > QWidget, QWidget[role="fields"] {{ background: transparent; }}
QToolTip {{ background: {c.surface}; color: {c.text}; border: 1px solid {c.border_strong}; padding: 4px 6px; }}
QStatusBar {{ background: {c.surface}; border-top: 1px solid {c.border}; }}
QStatusBar::item {{ border: none; }}
QMenuBar {{ background: {c.window}; }}
QMenuBar::item:selected {{ background: {c.surface_alt}; border-radius: {sm}px; }}

QTabWidget::pane {{ border: none; border-top: 1px solid {c.border}; background: {c.window}; top: -1px; }}
QTabWidget::tab-bar {{ left: 12px; }}
QTabBar::tab {{ background: transparent; color: {c.text_muted}; border: none;
    border-bottom: 2px solid transparent; padding: 8px 14px; margin-right: 4px; font-size: {_pt(base_pt, "title")}; }}
QTabBar::tab:selected {{ color: {c.text}; border-bottom: 2px solid {c.accent}; font-weight: 600; }}
QTabBar::tab:hover:!selected {{ color: {c.text}; }}
QTabBar::tab:focus {{ border: 2px solid {c.accent_text}; border-radius: {sm}px; padding: 6px 12px 8px 12px; }}

QFrame[role="card"] {{ background: {c.surface}; border: 1px solid {c.border}; border-radius: {lg}px; }}
QFrame[role="field"] {{ background: {c.surface_alt}; border: 1px solid {c.border}; border-radius: {md}px; }}
QFrame[role="field"][focused="true"] {{ border: 1px solid {c.accent}; }}
QFrame[role="field"][invalid="true"] {{ border: 1px solid {c.danger}; }}
QFrame[role="row"] {{ background: {c.surface}; border: 1px solid {c.border}; border-radius: {md}px; }}
QFrame[role="row"]:hover {{ border: 1px solid {c.border_strong}; }}
QFrame[role="row"][chosen="true"] {{ background: {c.accent_soft}; border: 2px solid {c.accent}; }}
QFrame[role="notice"] {{ border-radius: {md}px; border: 1px solid {c.border}; background: {c.info_soft}; }}
QFrame[role="notice"][kind="warning"] {{ background: {c.warning_soft}; border-color: {c.warning_soft}; }}
QFrame[role="notice"][kind="danger"] {{ background: {c.danger_soft}; border-color: {c.danger_soft}; }}
QFrame[role="notice"][kind="success"] {{ background: {c.success_soft}; border-color: {c.success_soft}; }}
QFrame[role="notice"][kind="info"] {{ background: {c.info_soft}; border-color: {c.info_soft}; }}
QFrame[role="empty"] {{ background: transparent; border: 1px dashed {c.border_strong}; border-radius: {lg}px; }}
QLabel[role="heading"] {{ font-size: {_pt(base_pt, "heading")}; font-weight: 600; }}
QLabel[role="title"] {{ font-size: {_pt(base_pt, "title")}; font-weight: 600; }}
QLabel[role="caption"] {{ font-size: {_pt(base_pt, "caption")}; }}
QLabel[role="display"] {{ font-size: {_pt(base_pt, "display")}; }}
QLabel[role="tag"] {{ background: {c.success_soft}; border-radius: 9px; padding: 1px 8px; font-weight: 600;
    font-size: {_pt(base_pt, "caption")}; }}
QLabel[role="badge"] {{ color: #ffffff; border-radius: 9px; padding: 2px 10px; font-weight: 600; }}
QLabel[role="step"] {{ border: 1px solid {c.border_strong}; border-radius: 12px; padding: 3px 10px;
    color: {c.text_muted}; }}
QLabel[role="step"][state="now"] {{ border: 2px solid {c.accent}; color: {c.text}; font-weight: 600; }}
QLabel[role="step"][state="done"] {{ border: 1px solid {c.success_soft}; background: {c.success_soft};
    color: {c.success}; font-weight: 600; }}

QPushButton {{ background: {c.surface}; color: {c.text}; border: 1px solid {c.border_strong};
    border-radius: {sm}px; padding: 6px 14px; min-height: {inner}px; }}
QPushButton:hover {{ background: {c.surface_alt}; }}
QPushButton:pressed {{ background: {c.border}; }}
QPushButton:focus {{ border: 2px solid {c.accent}; padding: 5px 13px; }}
QPushButton:disabled {{ color: {c.text_disabled}; background: {c.surface}; border-color: {c.border}; }}
QPushButton[variant="primary"] {{ background: {c.accent}; color: {c.on_accent}; border: 2px solid {c.accent};
    border-radius: {md}px; padding: 10px 20px; font-weight: 600; font-size: {_pt(base_pt, "title")}; }}
QPushButton[variant="primary"]:hover {{ background: {c.accent_hover}; border-color: {c.accent_hover}; }}
QPushButton[variant="primary"]:focus {{ border: 2px solid {c.text}; }}
QPushButton[variant="primary"]:disabled {{ background: {c.disabled_fill}; color: {c.text_disabled};
    border-color: {c.disabled_fill}; }}
QPushButton[variant="compact"] {{ padding: 4px 10px; min-height: 18px; }}
QPushButton[variant="compact"]:focus {{ padding: 3px 9px; }}
QPushButton[variant="ghost"] {{ background: transparent; color: {c.accent_text}; border: 2px solid transparent;
    padding: 2px 6px; min-height: 16px; font-weight: 600; }}
QPushButton[variant="ghost"]:hover {{ background: {c.surface_alt}; }}
QPushButton[variant="ghost"]:focus {{ border: 2px solid {c.accent}; }}
QPushButton[variant="ghost"]:disabled {{ color: {c.text_disabled}; background: transparent;
    border-color: transparent; }}
QPushButton[variant="pill"] {{ background: {c.surface}; border: 1px solid {c.border_strong}; border-radius: {pill}px;
    padding: 4px 12px 4px 6px; min-height: {FIELD_HEIGHT - 10}px; font-weight: 600; text-align: left; }}
QPushButton[variant="pill"]:hover {{ background: {c.surface_alt}; }}
QPushButton[variant="pill"]:focus {{ border: 2px solid {c.accent}; padding: 3px 11px 3px 5px; }}
QPushButton[variant="pill"][empty="true"] {{ background: {c.accent}; color: {c.on_accent}; border-color: {c.accent}; }}
QPushButton[variant="preset"] {{ border-radius: 14px; padding: 3px 12px; min-height: 20px; }}
QPushButton[variant="preset"]:checked {{ background: {c.accent_soft}; border: 2px solid {c.accent};
    color: {c.accent_text}; padding: 2px 11px; }}
QPushButton[variant="preset"]:focus {{ padding: 2px 11px; }}
QToolButton {{ border-radius: {sm}px; padding: 3px; border: 2px solid transparent; }}
QToolButton:hover {{ background: {c.surface_alt}; }}
QToolButton:focus {{ border: 2px solid {c.accent}; }}
QToolButton[variant="flip"] {{ background: {c.surface}; border: 1px solid {c.border_strong}; border-radius: 17px;
    font-size: {_pt(base_pt, "title")}; }}
QToolButton[variant="flip"]:hover {{ background: {c.surface_alt}; }}
QToolButton[variant="flip"]:focus {{ border: 2px solid {c.accent}; }}

QLineEdit, QPlainTextEdit, QSpinBox, QDoubleSpinBox {{ background: {c.surface}; color: {c.text};
    border: 1px solid {c.border_strong}; border-radius: {sm}px; padding: 5px 8px;
    selection-background-color: {c.accent}; selection-color: {c.on_accent}; }}
QLineEdit {{ min-height: {inner - 2}px; }}
QLineEdit:focus, QPlainTextEdit:focus, QSpinBox:focus, QDoubleSpinBox:focus {{ border: 2px solid {c.accent};
    padding: 4px 7px; }}
QLineEdit:disabled, QPlainTextEdit:disabled, QSpinBox:disabled, QDoubleSpinBox:disabled {{
    color: {c.text_disabled}; background: {c.surface_alt}; border-color: {c.border}; }}
QLineEdit[invalid="true"], QSpinBox[invalid="true"] {{ border: 1px solid {c.danger}; }}
QLineEdit:read-only {{ background: {c.surface_alt}; }}
QLineEdit[role="amount"] {{ background: transparent; border: 2px solid transparent; border-radius: {sm}px;
    padding: 0 2px; font-size: {_pt(base_pt, "display")}; }}
QLineEdit[role="amount"]:focus {{ border: 2px solid transparent; padding: 0 2px; }}
QLineEdit[role="amount"][stale="true"] {{ color: {c.text_muted}; }}
QLabel[stale="true"] {{ color: {c.text_disabled}; }}  /* a figure a newer quote will replace */
QComboBox {{ background: {c.surface}; color: {c.text}; border: 1px solid {c.border_strong}; border-radius: {sm}px;
    padding: 5px 28px 5px 8px; min-height: {inner - 2}px; }}
QComboBox:focus {{ border: 2px solid {c.accent}; padding: 4px 27px 4px 7px; }}
QComboBox:disabled {{ color: {c.text_disabled}; background: {c.surface_alt}; border-color: {c.border}; }}
QComboBox::drop-down {{ border: none; width: 26px; subcontrol-origin: padding; subcontrol-position: center right; }}
QComboBox::down-arrow {{ image: url({chevron}); width: 12px; height: 12px; }}
QComboBox QAbstractItemView {{ background: {c.surface}; color: {c.text}; border: 1px solid {c.border_strong};
    selection-background-color: {c.accent_soft}; selection-color: {c.text}; outline: none; padding: 4px; }}

QListWidget, QTableWidget, QTreeWidget {{ background: {c.surface}; color: {c.text}; border: 1px solid {c.border};
    border-radius: {sm}px; alternate-background-color: {c.surface_alt}; outline: none;
    selection-background-color: {c.accent_soft}; selection-color: {c.text}; }}
QListWidget:focus, QTableWidget:focus {{ border: 2px solid {c.accent}; }}
QListWidget::item {{ padding: 2px; border-radius: {sm}px; }}
QListWidget[role="rows"]::item {{ padding: 0px; }}  /* rows that are widgets: the widget is the whole row */
QListWidget::item:selected {{ background: {c.accent_soft}; color: {c.text}; border: 2px solid {c.accent}; }}
QHeaderView::section {{ background: {c.surface_alt}; color: {c.text_muted}; border: none;
    border-bottom: 1px solid {c.border}; padding: 5px 8px; font-weight: 600; }}

QProgressBar {{ background: {c.surface_alt}; border: none; border-radius: 3px; max-height: 6px; min-height: 6px; }}
QProgressBar::chunk {{ background: {c.accent}; border-radius: 3px; }}
QCheckBox {{ spacing: 8px; }}
QCheckBox::indicator {{ width: 12px; height: 12px; border: 2px solid {c.text_muted}; border-radius: 4px;
    background: {c.surface}; }}  /* an unchecked box as visible as its words, in dark too (issue 31) */
QCheckBox::indicator:checked {{ background: {c.accent}; border-color: {c.accent}; image: url({check}); }}
QCheckBox::indicator:disabled {{ border-color: {c.text_disabled}; background: {c.surface_alt}; }}
QCheckBox::indicator:checked:disabled {{ background: {c.text_disabled}; border-color: {c.text_disabled}; }}
QCheckBox:focus {{ color: {c.accent_text}; }}
QRadioButton {{ spacing: 8px; }}
QRadioButton::indicator {{ width: 10px; height: 10px; border-radius: 7px; border: 2px solid {c.text_muted};
    background: {c.surface}; }}
QRadioButton::indicator:checked {{ border: 4px solid {c.accent}; width: 6px; height: 6px; }}
QRadioButton:focus {{ color: {c.accent_text}; }}
QMessageBox QLabel {{ min-width: 280px; }}
QDialogButtonBox {{ dialogbuttonbox-buttons-have-icons: 0; }}
"""
