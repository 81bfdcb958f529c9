"""A desktop notification when something a person waits for ends (a cross-chain order), wherever they are looking.

Where the desktop has a system tray that shows messages (Windows, macOS, KDE, GNOME with its StatusNotifier
extension, XFCE...), the app's icon sits there while the window is open and the message is the tray's
balloon (`QSystemTrayIcon.showMessage`). Where it has none (a bare X server, Wayland without a tray, the
offscreen platform of the tests), the window says it itself: the message stays in the status bar for a
while (`said`, a label of its own: a status bar's temporary message would be drawn over the work under way)
and the window asks for attention (`QApplication.alert`: the taskbar entry flashes or the dock icon bounces).
Either way `notified` says what was shown, and how.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QMainWindow, QSystemTrayIcon

from swapdesk.gui.design.elided import ElidedLabel
from swapdesk.gui.i18n import tr
from swapdesk.gui.icons import icon

STATUS_BAR_MS = 15_000  # long enough to be read when the person comes back to the window


class Notifier(QObject):
    notified = Signal(str, str, str)  # title, message, how: "tray" or "window"

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.said = ElidedLabel()  # beside the engine's state: a long notice ends in "…", whole in its tooltip
        self.said.setAccessibleName(tr("Notification"))
        self.said.hide()
        window.statusBar().addWidget(self.said, 1)
        self._forget = QTimer(self, singleShot=True, interval=STATUS_BAR_MS)
        self._forget.timeout.connect(self.said.hide)
        self.tray: QSystemTrayIcon | None = None
        if QSystemTrayIcon.isSystemTrayAvailable() and QSystemTrayIcon.supportsMessages():
            self.tray = QSystemTrayIcon(icon("icons/app.svg"), self)
            self.tray.setToolTip("swapdesk")
            self.tray.messageClicked.connect(self._raise_window)
            self.tray.activated.connect(lambda _reason: self._raise_window())
            self.tray.show()

    @property
    def how(self) -> str:
        return "tray" if self.tray is not None else "window"

    def notify(self, title: str, message: str, warning: bool = False) -> None:
        if self.tray is not None:
            kind = QSystemTrayIcon.MessageIcon.Warning if warning else QSystemTrayIcon.MessageIcon.Information
            self.tray.showMessage(title, message, kind)
        else:
            self.said.setText(f"{title}: {message}")
            self.said.show()
            self._forget.start()
            QApplication.alert(self.window)
        self.notified.emit(title, message, self.how)

    def _raise_window(self) -> None:
        self.window.showNormal()
        self.window.raise_()
        self.window.activateWindow()

    def close(self) -> None:
        if self.tray is not None:
            self.tray.hide()
