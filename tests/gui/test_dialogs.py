"""The Accounts and Settings dialogs: three ways apart, words a person reads, Close; sections that apply."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from keyring.backends.fail import Keyring as FailKeyring
from PySide6.QtWidgets import QLabel

from swapdesk.gui.accounts_dialog import AccountsDialog, keyring_words
from swapdesk.gui.settings_dialog import SettingsDialog
from swapdesk.settings import Settings
from swapdesk.wallet import Wallet
from swapdesk.wallet.phrase import Phrase

from .conftest import Until, screenshot


def flow_key(words: list[str]) -> str:
    return Phrase(" ".join(words)).key().reveal().hex()


def _texts(widget: Any) -> str:
    return " | ".join(label.text() for label in widget.findChildren(QLabel))


def test_an_unsafe_keyring_is_said_in_words_and_the_key_goes_to_a_keystore(
    tmp_path: Path, qtbot: Any, until: Until
) -> None:
    wallet = Wallet(tmp_path / "config", FailKeyring(), scrypt_n=2**10)
    dialog = AccountsDialog(wallet)
    qtbot.addWidget(dialog)
    dialog.show()
    shown = _texts(dialog)
    assert "keyring.backends" not in shown and "Keyring)" not in shown
    assert dialog.keyring_note.text().startswith("This machine has no keyring service (such as GNOME Keyring")
    assert "encrypted keystore file" in dialog.keyring_note.text()
    assert [dialog.ways.tabText(i) for i in range(3)] == ["Import a key", "Create a new key", "Watch an address"]
    assert dialog.create_file.isChecked() and not dialog.create_file.isEnabled()  # the file is the only way
    screenshot(dialog, "accounts-unsafe-keyring.png")

    dialog.ways.setCurrentIndex(1)
    flow = dialog.create_flow
    dialog.create_label.setText("Savings")
    dialog.create_password.setText("correct horse battery staple")
    flow.repeat.setText("correct horse battery stapel")
    dialog.create_button.click()  # two passwords that differ: said, and no phrase is made
    assert flow.phrase is None and "differ" in flow.error.text() and flow.error.isVisibleTo(dialog)
    flow.repeat.setText("correct horse battery staple")
    dialog.create_button.click()
    assert flow.phrase is not None and flow.steps.currentIndex() == 1  # the recovery phrase, shown once
    words = flow.phrase.words()
    shown = " ".join(label.text() for label in flow.steps.currentWidget().findChildren(QLabel))
    assert len(words) == 12 and all(f"<b>{word}</b>" in shown for word in words)
    dialog.resize(700, 640)
    screenshot(dialog, "accounts-recovery-phrase.png")
    flow.written.click()  # then three of its words typed back
    assert flow.steps.currentIndex() == 2 and len(set(flow.positions)) == 3
    for field in flow.answers:
        field.setText("wrong")
    flow.confirm_button.click()
    assert "is not the one shown" in flow.error.text() and not dialog.progress.busy  # nothing kept yet
    for field, position in zip(flow.answers, flow.positions, strict=True):
        field.setText(words[position].upper())  # as written down: case does not matter
    screenshot(dialog, "accounts-confirm-phrase.png")
    flow.confirm_button.click()
    assert dialog.progress.busy  # scrypt runs off the GUI thread, and the dialog says it is working
    (said,) = until(dialog.saved)
    assert said.startswith("Created: Savings (0x") and said.endswith("· keystore file")
    assert dialog.list.count() == 1 and "encrypted keystore file" in dialog.list.item(0).text()
    assert dialog.create_password.text() == "" and not dialog.progress.busy
    assert flow.phrase is None and flow.steps.currentIndex() == 0  # the phrase is forgotten once kept

    dialog.list.setCurrentRow(0)  # a backup: the phrase again, only after the password
    export = dialog.export()
    assert export is not None and not export.secret.isVisibleTo(export)
    export.password.setText("not it")
    until(export.failed, doing=export.show_button.click)
    assert export.error.text() == "Wrong password." and not export.secret.toPlainText()
    export.password.setText("correct horse battery staple")
    (what,) = until(export.shown_secret, doing=export.show_button.click)
    assert what == "phrase" and export.secret.toPlainText() == " ".join(words) and export.password.text() == ""
    export.key_choice.setChecked(True)
    export.password.setText("correct horse battery staple")
    (what,) = until(export.shown_secret, doing=export.show_button.click)
    assert what == "key" and export.secret.toPlainText() == "0x" + flow_key(words)
    export.close()
    assert not export.secret.toPlainText()  # closed: the secret is forgotten

    dialog.ways.setCurrentIndex(2)
    dialog.watch_label.setText("Cold")
    dialog.address.setText("not an address")
    dialog.watch_button.click()
    (message,) = until(dialog.failed)
    assert message.startswith("address: ") and dialog.error.isVisibleTo(dialog)
    dialog.close_button.click()
    assert not dialog.isVisible()


def test_keyring_words_never_show_a_class_name() -> None:
    assert keyring_words(None) == "New keys are kept in your system keyring."
    said = keyring_words("this machine's keyring (keyring.backends.SecretService.Keyring) is not available: no D-Bus")
    assert said.startswith("This machine's keyring is not available: no D-Bus. New keys go to")
    said = keyring_words("this machine has no keyring service (such as GNOME Keyring, KWallet, macOS Keychain)")
    assert "(such as GNOME Keyring, KWallet, macOS Keychain)" in said


def test_settings_offer_only_what_the_engine_chosen_uses(qtbot: Any) -> None:
    dialog = SettingsDialog(Settings())
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.server_url.isEnabled() and dialog.speed.isEnabled() and dialog.reset_button.isEnabled()
    dialog.engine.setCurrentIndex(1)  # a server
    assert dialog.server_url.isEnabled() and not dialog.speed.isEnabled() and not dialog.rpc.isEnabled()
    screenshot(dialog, "settings.png")
