"""The settings dialog: the engine (embedded devnet, or a server), the devnet's speed and reset, RPC endpoints
for real networks, and the theme, each in its own section; what does not apply to the engine chosen is off.

OK checks what the person changed that names something outside swapdesk (anvil for a practice fork, a node
answering as its chain, a provider or a server answering: `setting_checks`), with progress while it asks; what
cannot be used is said here, naming the setting, why and what happens, and OK then keeps the settings anyway
(swapdesk starts without what it cannot use, and says so above its tabs)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from swapdesk import setting_checks
from swapdesk.gui import error_words, i18n
from swapdesk.gui.design.dialog_fit import fit_screen
from swapdesk.gui.design.progress import Progress
from swapdesk.gui.i18n import QT_TR_NOOP, say, tr
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.error_label import error_label, note_label
from swapdesk.off_loop import off_loop
from swapdesk.settings import ENGINES, LANGUAGES, THEMES, BadSetting, Settings

RESET_WARNING = QT_TR_NOOP(
    "Every devnet chain starts over from its world: the blocks, balances and transactions made on the devnet "
    "are deleted. Your accounts and the list of transactions sent from this app are kept."
)

THEME_WORDS = (QT_TR_NOOP("System"), QT_TR_NOOP("Light"), QT_TR_NOOP("Dark"))  # THEMES' titles, for lupdate


class SettingsDialog(QDialog):
    reset_devnet = Signal()  # the user confirmed: start every devnet chain over
    deploy_router = Signal()  # the user asked to deploy swapdesk's router on a chain it reaches
    checked = Signal(list)  # what OK's check found cannot be used (`setting_checks.Unhonoured`), once said

    def __init__(self, current: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Settings"))
        self.setMinimumWidth(520)
        self.engine = QComboBox()
        self.engine.addItems([tr("Embedded devnet (offline)"), tr("A server speaking the swap API")])
        self.engine.setCurrentIndex(ENGINES.index(current.engine))
        self.engine.setAccessibleName(tr("Engine"))
        self.server_url = QLineEdit(current.server_url)
        self.server_url.setAccessibleName(tr("Server URL"))
        self.server_url.setPlaceholderText("http://127.0.0.1:8545")
        self.speed = SpeedBox(current.devnet_speed)
        self.speed.setAccessibleName(tr("Devnet speed"))
        self.speed.setToolTip(tr("Devnet block times are divided by this: 1 × is the real networks' pace"))
        self.reset_button = QPushButton(tr("Reset devnet chains…"))
        self.reset_button.setToolTip(tr(RESET_WARNING))
        self.reset_button.clicked.connect(self.confirm_reset)
        self.rpc, rpc_note = _pairs_field(
            current.rpc, tr("RPC endpoints"), tr("One chain a line: BSC https://…"), 80, tr(
            "A chain listed here is reached through its own node, with the pools and router swapdesk knows for it;"
            " the others stay on the devnet."))  # fmt: skip
        self.providers, providers_note = _pairs_field(
            current.providers, tr("Bridge providers"),
            tr("One a line: cbridge https://cbridge-prod2.celer.app"), 64,
            tr("A bridge named here (cbridge, metapath or anyswap) is asked at its real service; the others stay the"
            " devnet's. Multichain (anyswap) stopped in July 2023: only its old transfers can be read."))  # fmt: skip
        self.forks, forks_note = _pairs_field(
            current.forks, tr("Practice on a fork"), tr("One chain a line: ETH https://…"), 64,
            tr("A chain listed here runs on a local copy (anvil) of the real network at this URL, from its latest"
            " block: real pools and prices, your accounts funded there, nothing sent to the real network.")
        )  # fmt: skip
        self.router_button = QPushButton(tr("Deploy swapdesk's router…"))
        self.router_button.setToolTip(tr("On a chain reached through a node above, from one of your accounts"))
        self.router_button.clicked.connect(self.deploy_router.emit)
        self.theme = QComboBox()
        self.theme.addItems([tr(t.title()) for t in THEMES])
        self.theme.setCurrentIndex(THEMES.index(current.theme))
        self.theme.setAccessibleName(tr("Theme"))
        self.language = QComboBox()  # English and 简体中文 in their own words: a person finds their own
        self.language.addItems([tr("System"), *(i18n.LANGUAGES[code] for code in LANGUAGES[1:])])
        self.language.setCurrentIndex(LANGUAGES.index(current.language))
        self.language.setAccessibleName(tr("Language"))
        language_note = note_label()
        language_note.setText(tr("A new language applies when swapdesk next starts."))
        self.error = error_label()
        self.error.setAccessibleName(tr("What is wrong"))
        self.checking = Progress()  # what OK asks (anvil, the nodes, providers, a server) while it asks
        self.current = current
        self._checks = Latest(self._unexpected)
        self._kept_anyway: Settings | None = None  # checked, said, and OK'd again: kept as they are
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self._ok_words = self.ok_button.text()

        engine = QFormLayout()
        engine.addRow(tr("Engine"), self.engine)
        engine.addRow(tr("Server URL"), self.server_url)
        engine.addRow(tr("Devnet speed"), self.speed)
        engine.addRow("", self.reset_button)
        networks = QFormLayout()
        networks.addRow(tr("RPC endpoints"), self.rpc)
        networks.addRow("", rpc_note)
        networks.addRow(tr("Bridge providers"), self.providers)
        networks.addRow("", providers_note)
        networks.addRow(tr("Practice on a fork"), self.forks)
        networks.addRow("", forks_note)
        networks.addRow("", self.router_button)
        look = QFormLayout()
        look.addRow(tr("Theme"), self.theme)
        look.addRow(tr("Language"), self.language)
        look.addRow("", language_note)
        layout = QVBoxLayout(self)
        self.sections = QTabWidget()  # one section at a time: the three at once were taller than a 768 px screen
        for title, section in ((tr("Engine"), engine), (tr("Real networks"), networks), (tr("Appearance"), look)):
            holder = QWidget()
            column = QVBoxLayout(holder)
            column.addLayout(section)
            column.addStretch(1)
            self.sections.addTab(holder, title)
        layout.addWidget(self.sections)
        self.sections.setMinimumHeight(self.sections.sizeHint().height())  # never squeezed: notes over fields
        layout.addWidget(self.error)
        layout.addWidget(self.checking)
        layout.addWidget(buttons)
        fit_screen(self)  # within a 1024×640 screen with its title bar: the content scrolls where it is taller
        self.chosen: Settings | None = None
        self.engine.currentIndexChanged.connect(self._show_engine)
        self._show_engine()

    def _show_engine(self) -> None:
        """What applies to the engine chosen, and only that, can be changed."""
        embedded = ENGINES[self.engine.currentIndex()] == "embedded"
        self.server_url.setEnabled(not embedded)
        for widget in (self.speed, self.reset_button, self.rpc, self.providers, self.forks):
            widget.setEnabled(embedded)

    def settings(self) -> Settings:
        """The form as checked settings; BadSetting names what is wrong."""
        rpc = _pairs(self.rpc, "rpc", tr("a chain and a URL, like 'BSC https://…'"))
        providers = _pairs(self.providers, "providers", tr("a provider and a URL, like 'cbridge https://…'"))
        return Settings(
            engine=ENGINES[self.engine.currentIndex()],
            server_url=self.server_url.text().strip(),
            theme=THEMES[self.theme.currentIndex()],
            rpc=rpc,
            devnet_speed=self.speed.value(),
            providers={name.lower(): url for name, url in providers.items()},
            language=LANGUAGES[self.language.currentIndex()],
            forks=_pairs(self.forks, "forks", tr("a chain and a URL, like 'ETH https://…'")),
        ).checked()

    def confirm_reset(self) -> QMessageBox:
        box = QMessageBox(QMessageBox.Icon.Warning, tr("Reset devnet chains"), tr(RESET_WARNING), parent=self)
        box.setInformativeText(tr("This cannot be undone."))
        reset = box.addButton(tr("Reset every chain"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.buttonClicked.connect(lambda button: self.reset_devnet.emit() if button is reset else None)
        box.open()
        return box

    def accept(self) -> None:
        """Kept when the form is valid and what it names can be used (or was said not to be, and OK'd again)."""
        try:
            chosen = self.settings()
        except BadSetting as error:
            self.error.setText(error_words.said(error))
            self.error.show()
            return
        if chosen == self._kept_anyway or not setting_checks.to_check(chosen, self.current):
            self._keep(chosen)
            return
        self.error.hide()
        self.ok_button.setText(self._ok_words)
        self.ok_button.setEnabled(False)
        self.checking.start(tr("Checking what the settings name: anvil, nodes, providers, the server…"))
        self._checks.run(self._check(chosen))

    async def _check(self, chosen: Settings) -> None:
        try:
            unhonoured = await off_loop(setting_checks.check, chosen, self.current)
        finally:
            self.checking.stop()
            self.ok_button.setEnabled(True)
        self.checked.emit(unhonoured)
        if not unhonoured:
            self._keep(chosen)
            return
        self._kept_anyway = chosen
        self.ok_button.setText(tr("Keep anyway"))
        said = [say(u.words()) for u in unhonoured]
        said.append(tr("Keep anyway: swapdesk starts without what cannot be used, and says so above its tabs."))
        self.error.setText("\n\n".join(said))
        self.error.show()
        networks = any(u.setting != "server_url" for u in unhonoured)
        self.sections.setCurrentIndex(1 if networks else 0)  # the section where the lines to mend are
        layout = self.layout()
        assert layout is not None  # made in __init__
        layout.activate()  # the words wrap: a window grows for them only when told (never over the fields)
        self.resize(self.width(), max(self.height(), layout.totalHeightForWidth(self.width())))

    def _keep(self, chosen: Settings) -> None:
        self.chosen = chosen
        super().accept()

    def _unexpected(self, error: BaseException) -> None:
        self.error.setText(error_words.unexpected(error))
        self.error.show()

    def done(self, result: int) -> None:
        self._checks.close()  # a check still asking is of no use once the dialog is closed
        super().done(result)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._checks.close()
        super().closeEvent(event)


class SpeedBox(QComboBox):
    """The devnet's pace from a few choices (and the one saved, if another): a spin box's arrows were drawn
    broken by the style sheet, and a pace is chosen, not counted up."""

    CHOICES = (1.0, 2.0, 3.0, 5.0, 10.0, 20.0, 50.0, 100.0)

    def __init__(self, current: float, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        for pace in self.CHOICES:
            self._add(pace)
        self.setValue(current)

    def _add(self, pace: float) -> int:
        self.addItem(tr("{pace} ×").format(pace=f"{pace:g}"), pace)
        return self.count() - 1

    def value(self) -> float:
        return float(self.currentData())

    def setValue(self, pace: float) -> None:
        found = self.findData(float(pace))
        self.setCurrentIndex(found if found >= 0 else self._add(float(pace)))


def _pairs_field(
    current: dict[str, str], name: str, placeholder: str, height: int, note: str
) -> tuple[QPlainTextEdit, QLabel]:
    """A `NAME URL` a line field with the settings' pairs, and the note that says what it does."""
    edit = QPlainTextEdit("\n".join(f"{key} {url}" for key, url in current.items()))
    edit.setPlaceholderText(placeholder)
    edit.setAccessibleName(name)
    edit.setFixedHeight(height)
    said = note_label()
    said.setText(note)
    return edit, said


def _pairs(edit: QPlainTextEdit, setting: str, shape: str) -> dict[str, str]:
    """`NAME URL` lines, blank ones skipped; BadSetting names the line that is not one."""
    found = {}
    for n, line in enumerate(edit.toPlainText().splitlines(), 1):
        if line.strip():
            parts = line.split()
            if len(parts) != 2:
                raise BadSetting(setting, QT_TR_NOOP("line {n}: write {shape}"), n=n, shape=shape)
            found[parts[0]] = parts[1]
    return found
