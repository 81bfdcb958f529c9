"""The Quote tab's data: the chain's tokens, the account and its balances, a pasted token read from the chain.

A chain's tokens load when it is chosen (nothing of the last chain's stays: its tokens, balances and quote
go at once); the balances are the account's (or, without one, the recipient's) and are read again when
either changes; the accounts are written as the chain writes addresses. `QuoteTab` (quote.py) adds the state
and the quoting; each change here tells it through `changed` and `_show_state`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QWidget

from swapdesk.address import InvalidAddress, format_address, parse_address
from swapdesk.api import (
    ApiError,
    BalancesRequest,
    ChainRequest,
    ErrorCode,
    InvalidParameter,
    SwapService,
    TokenInfo,
    TokenRequest,
    parse,
)
from swapdesk.chains import Chain
from swapdesk.gui import error_words
from swapdesk.gui.activity import Activity
from swapdesk.gui.i18n import tr
from swapdesk.gui.pricing import Price, Prices
from swapdesk.gui.tabs import quote_prices
from swapdesk.gui.tabs.quote_form import QuoteForm, account_title
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.token_picker import TokenPicker

if TYPE_CHECKING:  # eth-account loads with the engine, after the window shows
    from swapdesk.wallet import Account


class QuoteData(QuoteForm):
    tokens_loaded = Signal(int)  # chain id
    chain_failed = Signal(str)
    token_read = Signal(str)  # a pasted address, once read from the chain
    balances_shown = Signal(int)  # chain id
    accounts_shown = Signal(int)  # how many accounts the picker offers

    def __init__(
        self, service: SwapService, activity: Activity | None, prices: Prices | None, parent: QWidget | None
    ) -> None:
        super().__init__(parent)
        self.service, self.activity = service, activity
        self.prices = prices or Prices(service)
        self.balances: dict[str, int] = {}  # token address (lower case) -> the balance shown
        self._invalid: tuple[str, str] | None = None  # the form's own refusal, after the pause
        self._refused: tuple[str, str] | None = None  # the engine's refusal of the form as it is
        self._loading_words = tr("Starting swapdesk's engine…")
        self._load_failed = ""
        self._balances_of: tuple[int, str] | None = None  # (chain id, address) the balances shown belong to
        self._loading = Latest(self._unexpected)
        self._balancing = Latest(self._unexpected)  # its own: a balance refresh must not cancel a token load
        self._reading = {self.sell: Latest(self._unexpected), self.buy: Latest(self._unexpected)}
        self.being_read: set[TokenPicker] = set()  # pickers whose pasted address is being read now
        self._filled = ""  # the recipient the form filled in itself (the account's own): a typed one is kept
        for picker in (self.sell, self.buy):
            picker.pasted.connect(lambda address, p=picker: self._reading[p].run(self._read_token(p, address)))
        self.chain_box.currentIndexChanged.connect(self._chain_changed)
        self.account_box.currentIndexChanged.connect(self._account_changed)
        self.recipient.editingFinished.connect(self.load_balances)

    # what the tab does (quote.py)
    def changed(self) -> None:
        raise NotImplementedError

    def _show_state(self) -> None:
        raise NotImplementedError

    def _clear_result(self) -> None:
        raise NotImplementedError

    def _unexpected(self, error: BaseException) -> None:
        raise NotImplementedError

    @property
    def tokens_known(self) -> bool:
        return bool(self.sell.tokens)

    def load_tokens(self) -> None:
        chain = self.chain
        self._loading_words = tr("Loading the tokens of {chain}…").format(chain=chain.name)
        self._load_failed = ""
        self._loading.run(self._load_tokens(chain))
        self._show_state()

    def _chain_changed(self) -> None:
        self._request, self.balances = None, {}
        self._invalid, self._refused = None, None
        self._clear_result()
        for picker in (self.sell, self.buy):
            picker.set_tokens([], -1, self.chain.tron)  # nothing of the last chain's tokens or balances stays
        self._show_balances()
        self._rewrite_addresses()
        self.load_tokens()

    def _rewrite_addresses(self) -> None:
        """The recipient and the accounts as the new chain writes them (the same 20 bytes)."""
        before, self._shown_chain = self._shown_chain, self.chain
        try:
            raw = parse_address(self.recipient.text().strip(), before.tron)
        except InvalidAddress:
            pass  # not an address: the form says so
        else:
            filled = self.recipient.text().strip() == self._filled
            self.recipient.setText(format_address(raw, self.chain.tron))
            self._filled = self.recipient.text() if filled else self._filled
        for index, account in enumerate(self.accounts):
            self.account_box.setItemText(index, account_title(account, self.chain.tron))

    async def _load_tokens(self, chain: Chain) -> None:
        try:
            tokens = await self.service.tokens(ChainRequest(chain))
        except ApiError as error:
            self._load_failed = error_words.refusal(error, error_words.Names(chain.name))
            self._loading_words = ""
            self._show_state()
            self.chain_failed.emit(error.message)
            return
        self.balances = {}
        self.sell.set_tokens(tokens, _default_sell(tokens), chain.tron)
        self.buy.set_tokens(tokens, 0, chain.tron)
        self._loading_words = tr("Reading balances on {chain}…").format(chain=chain.name)
        await self._load_balances(chain)
        self._loading_words = ""
        self.tokens_loaded.emit(chain.id)
        self.changed()

    def load_balances(self, only_if_other: bool = False) -> None:
        """Refresh the balances shown; with `only_if_other`, only when they are someone else's."""
        try:
            whose = (self.chain.id, self._owner(self.chain))
        except InvalidParameter:
            whose = None
        if not (only_if_other and whose == self._balances_of):
            self._balancing.run(self._load_balances(self.chain))

    async def _load_balances(self, chain: Chain) -> None:
        """The account's balances into the pickers (no account: the recipient's)."""
        key = f"balances-{id(self)}"
        try:
            owner = self._owner(chain)
            if self.activity is not None:
                self.activity.begin(key, tr("Reading balances on {chain}…").format(chain=chain.name))
            found = await self.service.balances(BalancesRequest(chain, owner))
        except (ApiError, InvalidParameter):
            self.balances, self._balances_of = {}, None
        else:
            self.balances = {b.address.lower(): int(b.balance) for b in found}
            self._balances_of = (chain.id, owner)
        finally:
            if self.activity is not None:
                self.activity.end(key)
        for picker in (self.sell, self.buy):
            picker.set_balances(self.balances)
        self._show_balances()
        self._show_state()
        self.balances_shown.emit(chain.id)

    def _owner(self, chain: Chain) -> str:
        account = self.account
        if account is not None:
            return account.address_on(chain.tron)
        return str(parse(BalancesRequest, [("chain", chain.flag), ("address", self.recipient.text().strip())]).address)

    async def _read_token(self, picker: TokenPicker, address: str) -> None:
        """Symbol and decimals of a pasted address, from the chain; the picker then checks the form again."""
        chain = self.chain
        self.being_read.add(picker)
        self._show_state()
        try:
            found: TokenInfo | None = await self.service.token(TokenRequest(chain, address))
        except (ApiError, InvalidParameter) as error:
            self.being_read.discard(picker)
            if error.code is not ErrorCode.UNKNOWN_TOKEN:
                name = "token0" if picker is self.sell else "token1"
                self._invalid = (name, error_words.refusal(error, error_words.Names(chain.name)))
                self._show_state()
                return
            found = None
        finally:
            self.being_read.discard(picker)  # read (or given up): the form is judged without the wait from here
        if chain == self.chain:
            picker.add_read(address, found)
            self.token_read.emit(address)

    # -- accounts ---------------------------------------------------------------------------

    def set_accounts(self, accounts: list[Account]) -> None:
        """Offer these accounts; the one chosen before stays chosen when it is still there."""
        chosen = self.account.address if self.account else None
        self.accounts = accounts
        self.account_box.blockSignals(True)
        self.account_box.clear()
        for account in accounts:
            self.account_box.addItem(account_title(account, self.chain.tron), account.address)
            self.account_box.setItemData(self.account_box.count() - 1, account.title(), Qt.ItemDataRole.ToolTipRole)
        if not accounts:
            self.account_box.addItem(tr("No account: quotes for the recipient"), None)
        addresses = [a.address for a in accounts]
        self.account_box.setCurrentIndex(addresses.index(chosen) if chosen in addresses else 0)
        self.account_box.blockSignals(False)
        if (self.account.address if self.account else None) != chosen:
            self._account_changed()
        else:
            self._show_state()
        self.accounts_shown.emit(len(accounts))

    def _account_changed(self) -> None:
        account = self.account
        if account is not None and self.recipient.text().strip() in ("", self._filled):
            self._filled = account.address_on(self.chain.tron)  # it pays itself, unless told otherwise
            self.recipient.setText(self._filled)
        self.load_balances(only_if_other=True)
        self.changed()

    def _amount_in(self) -> tuple[TokenInfo, int] | None:
        sell = self.sell.token
        if sell is None or error_words.amount_problem(self.amount.text(), sell.decimals, sell.symbol):
            return None
        return (sell, self.sell_side.value(sell.decimals)) if self.amount.text().strip() else None

    def _show_balances(self, prices: tuple[Price | None, Price | None] = (None, None)) -> None:
        asked = self._amount_in()
        for side, picker, price in ((self.sell_side, self.sell, prices[0]), (self.buy_side, self.buy, prices[1])):
            token, held = picker.token, picker.balance()
            if token is None or held is None:
                side.set_balance("")
                continue
            known = price if price is not None else self.prices.known(self.chain, token.address)
            short = side is self.sell_side and asked is not None and asked[1] > held
            side.set_balance(quote_prices.balance_words(token, held, known), enough=not short)
        self.max_button.setEnabled(bool(self.sell.balance()))


def _default_sell(tokens: list[TokenInfo]) -> int:
    for i, token in enumerate(tokens):
        if "USDT" in token.symbol:
            return i
    return 1 if len(tokens) > 1 else 0
