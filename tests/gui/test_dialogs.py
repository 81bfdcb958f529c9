"""The Accounts and Settings dialogs: three ways apart, words a person reads, Close; sections that apply."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from keyring.backends.fail import Keyring as FailKeyring
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from swapdesk.gui.accounts_dialog import AccountsDialog, keyring_words
from swapdesk.gui.settings_dialog import SettingsDialog
from swapdesk.settings import Settings
from swapdesk.wallet import Wallet

from .conftest import Until, screenshot


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
    dialog.create_label.setText("Savings")
    dialog.create_password.setText("correct horse battery staple")
    dialog.create_button.click()
    assert dialog.progress.busy  # scrypt runs off the GUI thread, and the dialog says it is working
    (words,) = until(dialog.saved)
    assert words.startswith("Created: Savings (0x") and words.endswith("· keystore file")
    assert dialog.list.count() == 1 and "encrypted keystore file" in dialog.list.item(0).text()
    assert dialog.create_password.text() == "" and not dialog.progress.busy

    dialog.ways.setCurrentIndex(2)
    dialog.watch_label.setText("Cold")
    dialog.address.setText("not an address")
    dialog.watch_button.click()
    (message,) = until(dialog.failed)
    assert message.startswith("address: ") and dialog.error.isVisibleTo(dialog)
    close = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
    close.click()
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
