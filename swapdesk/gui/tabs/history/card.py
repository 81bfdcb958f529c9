"""History's card: one transaction in plain words, whatever it is.

A swap (the spec's details record): what was sold and bought, the minimum, who paid and received, the
sources; a cross-chain order also its timeline, stage by stage. Any other transaction (the extension's
record): an approval says which token, how much, and to whom (swapdesk's router, named), a transfer
says to whom. Every card has the status badge, the time (local, with its zone) and the network fee when
known; hashes and addresses can be copied, hashes looked up in the app, and on real networks opened on
the chain's explorer.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFormLayout, QHBoxLayout, QLabel, QWidget

from swapdesk.api import TxDetails
from swapdesk.api.records import Stage, TxInfo
from swapdesk.chains import Chain, UnknownChain, resolve
from swapdesk.gui import formatting, status, theme
from swapdesk.gui.design.badge import StatusBadge
from swapdesk.gui.design.card import Card
from swapdesk.gui.design.copyable import CopyableField
from swapdesk.gui.design.tokens import SPACE
from swapdesk.gui.i18n import QT_TR_NOOP, tr
from swapdesk.gui.links import Links
from swapdesk.gui.order_timeline import order_stages
from swapdesk.gui.widgets.timeline import Timeline, TimelineStage

UNLIMITED = 2**255  # an approval at or above this is "unlimited" (wallets approve 2**256 - 1)
KINDS = {
    "swap": QT_TR_NOOP("Swap"),
    "approval": QT_TR_NOOP("Approval"),
    "transfer": QT_TR_NOOP("Token transfer"),
    "payment": QT_TR_NOOP("Payment"),
    "call": QT_TR_NOOP("Contract call"),
    "deployment": QT_TR_NOOP("Contract deployment"),
}
ROWS = ("sold", "bought", "minimum", "token", "allowed", "spender", "sent", "recipient", "sender", "receiver",
        "fee", "channel", "sources", "block", "hash", "target")  # fmt: skip


def _notes_words(notes: str, cross: bool = False) -> str:
    """A record's own status notes in the window's words: a bridge's stage, or the spec's status word."""
    return tr(status.stage_words(notes)) if cross and notes else tr(notes) if notes else ""


def timeline_stages(stages: list[Stage], bridge: str = "", pending: bool = False) -> list[TimelineStage]:
    """The record's stages as the timeline draws them (`gui.order_timeline`); the last one is where it stands."""
    return order_stages(stages, bridge, pending)


class TxCard(Card):
    look_up = Signal(str, int)  # a hash the card shows, and its chain id

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("", None, parent)
        self.links = Links()
        self.chain: Chain | None = None
        self.badge = StatusBadge()
        self.title = QLabel()
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.title.setFont(font)
        self.notes = QLabel()
        theme.tint(self.notes, "muted")
        self.when = QLabel()
        theme.tint(self.when, "muted")
        header = QHBoxLayout()
        header.addWidget(self.badge)
        header.addWidget(self.title)
        header.addWidget(self.notes, 1)
        header.addWidget(self.when)
        self.body.addLayout(header)
        self.form = QFormLayout()
        self.form.setVerticalSpacing(4)
        self.values: dict[str, QWidget] = {}
        captions = {
            "sold": tr("Sold"), "bought": tr("Bought"), "minimum": tr("Minimum"), "token": tr("Token"),
            "allowed": tr("Amount allowed"), "spender": tr("Spender"), "sent": tr("Amount sent"),
            "recipient": tr("Recipient"), "sender": tr("From"), "receiver": tr("To"), "fee": tr("Network fee"),
            "channel": tr("Channel"), "sources": tr("Sources"), "block": tr("Block"), "hash": tr("Transaction"),
            "target": tr("Payout transaction"),
        }  # fmt: skip
        for name in ROWS:
            value: QWidget
            if name in ("token", "spender", "recipient", "sender", "receiver", "hash", "target"):
                value = CopyableField(captions[name])
            else:
                value = QLabel()
                value.setWordWrap(True)
            self.values[name] = value
            self.form.addRow(captions[name], value)
        for name in ("hash", "target"):
            self._field(name).look_up.connect(lambda text: self.look_up.emit(text, self.chain.id if self.chain else 0))
        self.timeline = Timeline()
        self.timeline.look_up.connect(self.look_up)
        beside = QHBoxLayout()  # the timeline beside the figures, not under them: whole in a 1024×640 window
        beside.setSpacing(SPACE["xl"])
        beside.addLayout(self.form, 3)
        beside.addWidget(self.timeline, 2, Qt.AlignmentFlag.AlignTop)
        self.body.addLayout(beside)
        self.setAccessibleName(tr("Transaction"))

    def _field(self, name: str) -> CopyableField:
        field = self.values[name]
        assert isinstance(field, CopyableField)
        return field

    def label(self, name: str) -> QLabel:
        """The row `name` that shows a plain text (not an address or a hash)."""
        label = self.values[name]
        assert isinstance(label, QLabel)
        return label

    def _text(self, name: str, text: str) -> None:
        self.label(name).setText(text)

    def _address(self, name: str, address: str, chain: Chain, kind: str = "address", caption: str = "") -> None:
        self._field(name).set(address, self.links.explorer(chain, kind, address), kind == "tx", caption)

    def _only(self, *names: str) -> None:
        for row, name in enumerate(ROWS):
            self.form.setRowVisible(row, name in names)

    def clear(self) -> None:
        """Nothing of the last lookup stays: the card goes until the next one lands."""
        self.chain = None
        self.timeline.set_stages([])
        self.hide()

    def show_details(self, record: TxDetails, chain: Chain, sold: str, bought: str) -> None:
        """A swap's record (`sold`, `bought`: the tokens' symbols, or their addresses when unknown)."""
        self.chain = chain
        badge = (
            status.from_transfer(record.normalizedStatus.status, record.normalizedStatus.substatus)
            if record.normalizedStatus is not None
            else status.from_spec(record.status, record.statusNotes)
        )
        self.badge.set(badge, _notes_words(record.statusNotes, record.fromChain != record.toChain))
        cross = record.fromChain != record.toChain
        src, dst = _chain(record.fromChain), _chain(record.toChain)
        names = f"{src.name if src else record.fromChain} → {dst.name if dst else record.toChain}"
        self.title.setText(
            tr("Cross-chain, {chains}").format(chains=names)
            if cross
            else tr("Swap on {chain}").format(chain=chain.name)
        )
        notes = record.statusNotes if record.statusNotes not in ("", record.status) else ""
        why = record.normalizedStatus.substatusMessage if record.normalizedStatus is not None else ""
        self.notes.setText(_notes_words(notes, cross) + (f" — {why}" if why else ""))  # in the window's language
        self.notes.setWordWrap(True)
        self.when.setText(formatting.when(record.timestamp))
        self._text("sold", formatting.amount(int(record.amountIn), record.fromDecimals, sold))
        self._text("bought", formatting.amount(int(record.amountOut), record.toDecimals, bought))
        self._text("minimum", formatting.amount(int(record.amountOutMin), record.toDecimals, bought))
        self._address("sender", record.fromAddress, chain)
        target = _chain(record.toChain) or chain
        self._address("receiver", record.toAddress, target)
        self._text("channel", record.channel)
        self._text("sources", ", ".join(d.dex for d in record.dexs))
        caption = self.form.labelForField(self.values["sources"])
        if isinstance(caption, QLabel):
            caption.setText(tr("Bridge") if cross else tr("Sources"))
        for key, words in (("sold", (tr("Sent"), tr("Sold"))), ("bought", (tr("Received"), tr("Bought")))):
            label = self.form.labelForField(self.values[key])
            if isinstance(label, QLabel):  # a transfer across chains sells nothing: it is sent, and received
                label.setText(words[0] if cross else words[1])
        self._address("hash", record.sourceHash, chain, "tx")
        rows = ["sold", "bought", "minimum", "sender", "receiver", "channel", "hash"]
        if record.dexs:
            rows.append("sources")
        if record.targetHash:
            self._field("target").set(record.targetHash, self.links.explorer(target, "tx", record.targetHash), True)
            rows.append("target")
        self._only(*rows)
        normalized = record.normalizedStatus
        pending = normalized is not None and normalized.status == "PENDING"
        refunding = normalized is not None and normalized.substatus == "REFUND_IN_PROGRESS"
        bridge = record.dexs[0].dex if cross and record.dexs else ""
        stages = order_stages(record.timeline or [], bridge, pending, refunding)
        self.timeline.links = self.links
        self.timeline.set_stages(stages)
        self.timeline.setVisible(bool(stages))
        self.show()

    def show_info(self, info: TxInfo, chain: Chain) -> None:
        """Any other transaction: an approval, a transfer, a call."""
        self.chain = chain
        badge = status.PENDING if info.status == "Pending" else status.from_spec(info.status, info.statusNotes)
        self.badge.set(badge, _notes_words(info.statusNotes))
        self.title.setText(
            tr("{kind} on {chain}").format(kind=tr(KINDS.get(info.kind, info.kind.title())), chain=chain.name)
        )
        self.notes.setText(_notes_words(info.statusNotes))
        self.when.setText(formatting.when(info.timestamp) if info.timestamp else tr("not in a block yet"))
        rows = ["sender", "hash"]
        self._address("sender", info.fromAddress, chain)
        self._address("hash", info.hash, chain, "tx")
        if info.kind in ("approval", "transfer"):
            self._address("token", info.token, chain, caption=info.symbol)
            rows.append("token")
        if info.kind == "approval":
            amount = int(info.amount)
            allowed = tr("unlimited") if amount >= UNLIMITED else formatting.amount(amount, info.decimals, info.symbol)
            self._text("allowed", allowed)
            self._address("spender", info.spender, chain, caption=tr(info.spenderName))
            rows += ["allowed", "spender"]
        elif info.kind == "transfer":
            self._text("sent", formatting.amount(int(info.amount), info.decimals, info.symbol))
            self._address("recipient", info.recipient, chain)
            rows += ["sent", "recipient"]
        elif info.toAddress:
            self._address("receiver", info.toAddress, chain)
            rows.append("receiver")
            if int(info.value):
                self._text("sent", formatting.amount(int(info.value), chain.native_decimals, chain.native_symbol))
                rows.append("sent")
        if info.block:
            fee = formatting.network_fee(int(info.networkFee), chain.native_decimals, chain.native_symbol, info.gasUsed)
            used = f"{info.gasUsed:,}"  # TRON burns energy where an EVM chain pays gas
            energy = fee.replace(tr("{gas} gas").format(gas=used), tr("{gas} energy").format(gas=used))
            self._text("fee", energy if chain.tron else fee)
            self._text("block", f"{info.block:,}")
            rows += ["fee", "block"]
        self._only(*rows)
        self.timeline.set_stages([])
        self.timeline.hide()
        self.show()


def _chain(flag: str) -> Chain | None:
    try:
        return resolve(flag)
    except UnknownChain:
        return None
