"""Settings → "Deploy swapdesk's router…": the router on a real chain, from one of the user's own accounts.

Two steps, as on the command line (`swapdesk router deploy`, `trade/router_deploy.py`): a form (the chain, among
those Settings reaches through a node; the account; the fee rate and who collects it), then the review and
signing every swap goes through (`SigningDialog`): the plan read from the chain (the router's address, the same
on every chain for the same terms; whether it is there already; each transaction in words), then each sent
through the outbox and followed to its receipt, the code at the address checked byte for byte, and the chain's
catalogue written with the router in it. The engine uses it from its next start, which follows at once.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QLabel, QLineEdit, QSpinBox, QVBoxLayout, QWidget
from web3 import AsyncWeb3

from swapdesk import catalogs, settings
from swapdesk.catalogs import Catalog
from swapdesk.chain.http import KeptAliveProvider
from swapdesk.chains import Chain, resolve
from swapdesk.engine.router import RouterTerms
from swapdesk.gui import error_words
from swapdesk.gui.design.buttons import primary, secondary
from swapdesk.gui.design.card import caption
from swapdesk.gui.design.notice import Notice, keep_place
from swapdesk.gui.i18n import QT_TR_NOOP, tr
from swapdesk.gui.signing_dialog import SigningDialog
from swapdesk.off_loop import off_loop
from swapdesk.store import TxStore
from swapdesk.trade.errors import TradeError
from swapdesk.trade.outbox import Outbox
from swapdesk.trade.results import Funds
from swapdesk.trade.router_deploy import DEFAULT_FEE_BPS, MAX_FEE_BPS, DeployPlan, RouterDeployer
from swapdesk.wallet import Account, PrivateKey, Wallet


def reachable_chains(chosen: settings.Settings) -> list[Chain]:
    """The EVM chains Settings reaches through a node: where a router can be deployed from here."""
    return [chain for flag in chosen.rpc if not (chain := resolve(flag)).tron]


class RouterForm(QDialog):
    """What to deploy, from which account; Review opens the signing dialog."""

    deployed = Signal(str)  # the catalogue written with the router in it: the engine should start again

    def __init__(
        self,
        chosen: settings.Settings,
        wallet: Wallet,
        store: TxStore,
        accounts: list[Account],
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.setWindowTitle(tr("Deploy swapdesk's router"))
        self.chosen, self.wallet, self.store = chosen, wallet, store
        self.chains = reachable_chains(chosen)
        self.accounts = [a for a in accounts if a.can_sign and not a.devnet_only]
        self.chain = QComboBox()
        self.chain.addItems([c.name for c in self.chains])
        self.chain.setAccessibleName(tr("Chain"))
        self.account = QComboBox()
        self.account.addItems([f"{a.label} · {a.address[:8]}…{a.address[-4:]}" for a in self.accounts])
        self.account.setAccessibleName(tr("Account"))
        self.fee = QSpinBox(minimum=0, maximum=MAX_FEE_BPS, suffix=" bps")
        self.fee.setValue(DEFAULT_FEE_BPS)
        self.fee.setAccessibleName(tr("Fee rate"))
        self.collector = QLineEdit(placeholderText=tr("0x… (default: the account deploying)"))
        self.collector.setAccessibleName(tr("Fee collector"))
        self.error = Notice("danger")
        self.error.hide()
        keep_place(self.error)  # its place kept: nothing moves when it is said
        self.review = primary(tr("Review…"))
        self.review.setDefault(True)
        self.review.clicked.connect(self.open_review)
        cancel = secondary(tr("Cancel"))
        cancel.clicked.connect(self.reject)
        form = QFormLayout()
        for label, field in ((tr("Chain"), self.chain), (tr("From"), self.account), (tr("Fee rate"), self.fee),
                             (tr("Fee collector"), self.collector)):  # fmt: skip
            form.addRow(label, field)
        note = caption()
        note.setWordWrap(True)
        note.setText(tr("The router goes to the same address on every chain through the deterministic-deployment"
                        " proxy; you are its owner. Every transaction is shown before you sign."))  # fmt: skip
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.error)
        layout.addWidget(cancel)
        layout.addWidget(self.review)
        self.signing: RouterDeployDialog | None = None
        missing = self._missing()
        if missing:
            self.error.set(missing, "danger")
            self.error.show()
            self.review.setEnabled(False)

    def _missing(self) -> str:
        if not self.chains:
            return tr("Name a node for the chain first (Settings → RPC endpoints): the router is deployed there.")
        if not self.accounts:
            return tr("Add an account of your own first (Accounts): the router is deployed from it.")
        return ""

    def terms(self) -> RouterTerms:
        owner = self.accounts[self.account.currentIndex()].address
        collector = self.collector.text().strip() or owner
        if not (collector.startswith("0x") and len(collector) == 42):
            raise TradeError(QT_TR_NOOP("Fee collector: write an address, 0x and 40 hex digits"))
        return RouterTerms(owner, AsyncWeb3.to_checksum_address(collector), self.fee.value(), {})

    def open_review(self) -> RouterDeployDialog | None:
        try:
            terms = self.terms()
        except (TradeError, ValueError) as exc:
            self.error.set(error_words.said(exc), "danger")
            self.error.show()
            return None
        chain = self.chains[self.chain.currentIndex()]
        account = self.accounts[self.account.currentIndex()]
        self.signing = RouterDeployDialog(self.wallet, account, chain, terms, self.chosen.rpc[chain.flag], self.store,
                                          self)  # fmt: skip
        self.signing.deployed.connect(self.deployed.emit)
        self.signing.open()
        return self.signing


class RouterDeployDialog(SigningDialog):
    deployed = Signal(str)  # the catalogue's path

    def __init__(
        self, wallet: Wallet, account: Account, chain: Chain, terms: RouterTerms, url: str, store: TxStore,
        parent: QWidget | None = None,
    ) -> None:  # fmt: skip
        super().__init__(wallet, account, devnet=False, action=tr("Deploy"), doing=tr("Deploying…"), amount=0,
                         amount_words="", token=chain.native_symbol, spender=tr("nobody"), parent=parent)  # fmt: skip
        self.setWindowTitle(tr("Deploy swapdesk's router on {chain}").format(chain=chain.name))
        self.chain, self.terms, self.url = chain, terms, url
        self.outbox = Outbox(store)
        self.plan: DeployPlan | None = None
        self.catalog: Catalog | None = None
        self.setMinimumWidth(640)
        self.review = QLabel(tr("Reading the chain…"))  # one line each: an address is never wrapped
        self.outcome = QLabel()
        self.outcome.setWordWrap(True)
        self.outcome.hide()
        self.done_button = secondary(tr("Done"))
        self.done_button.clicked.connect(self.accept)
        self.done_button.hide()
        self._assemble([self.review, self.outcome], self.done_button)

    @asynccontextmanager
    async def _deployer(self) -> AsyncIterator[RouterDeployer]:
        """The chain's node for one step, and its connection closed after it, however the step ends."""
        assert self.catalog is not None
        w3 = AsyncWeb3(KeptAliveProvider(self.url))
        try:
            yield RouterDeployer(w3, self.catalog, self.outbox)
        finally:
            await w3.provider.disconnect()

    async def _read_funds(self) -> Funds:
        folder = settings.config_dir() / "catalogs"
        self.catalog = (await off_loop(catalogs.load, folder, [self.chain.id])).get(self.chain.id)
        if self.catalog is None:
            raise TradeError(QT_TR_NOOP("swapdesk has no catalogue of {chain}"), chain=self.chain.name)
        async with self._deployer() as deployer:
            if await deployer.w3.eth.chain_id != self.chain.id:
                raise TradeError(QT_TR_NOOP("The node named for {chain} is another chain"), chain=self.chain.name)
            plan = self.plan = await deployer.plan(self.chain, self.terms, self.account.address)
            balance = await deployer.w3.eth.get_balance(AsyncWeb3.to_checksum_address(self.account.address))
        terms = self.terms
        lines = [tr("Router address: {address}").format(address=plan.address),
                 tr("Owner: {owner}").format(owner=terms.owner),
                 tr("Fee: {bps} bps, to {collector}").format(
                     bps=terms.default_fee_bps, collector=terms.fee_collector)]  # fmt: skip
        if plan.deployed:
            lines.append(tr("It is there already: nothing to send; its catalogue is written."))
        lines += [f"{n}. {tr(step.what)}" for n, step in enumerate(plan.steps, 1)]
        self.review.setText("\n".join(lines))
        if plan.steps and balance == 0:
            raise TradeError(
                QT_TR_NOOP("{account} holds no {coin} on {chain} for the gas"),
                account=self.account.label,
                coin=self.chain.native_symbol,
                chain=self.chain.name,
            )
        return Funds(balance, None)

    async def _approve_with(self, key: PrivateKey, unlimited: bool) -> str:
        raise AssertionError("a deployment approves nothing")

    async def _act(self, key: PrivateKey) -> Any:
        assert self.plan is not None
        async with self._deployer() as deployer:
            return await deployer.deploy(key, self.plan, settings.config_dir() / "catalogs", self.progress.say)

    async def _after_done(self, result: Any) -> None:
        self.deployed.emit(str(result))

    def _show_done(self, result: Any) -> None:
        assert self.plan is not None
        self.outcome.setText(tr("swapdesk's router is at {address} on {chain}; the chain's catalogue is written to"
                             " {path}. The engine uses it from now.").format(
                                 address=self.plan.address, chain=self.chain.name, path=result))  # fmt: skip
        self.review.hide()
        self.step.setText(tr("Done. Its transactions are in the History tab."))
        self.outcome.show()
        self.done_button.show()
        self.done_button.setDefault(True)
