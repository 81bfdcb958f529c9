"""The Quote tab's data: the chain's tokens, the account and its balances, a pasted token read from the chain.

A chain's tokens load when it is chosen (nothing of the last chain's stays: its tokens and balances go at once);
the balances are the account's (or, without one, the recipient's) and are read again when either changes; the
accounts are written as the chain writes addresses, and the recipient is the account's own unless one was typed
(`accounts.Recipient`). The tab (`quote.tab`) wires it: each change here tells it through the functions it gives.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

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
from swapdesk.gui.tabs.accounts import Recipient
from swapdesk.gui.tabs.quote.form import QuoteForm
from swapdesk.gui.tabs.quote.prices import balance_words
from swapdesk.gui.tasks import Latest
from swapdesk.gui.widgets.token_picker import TokenPicker

if TYPE_CHECKING:  # eth-account loads with the engine, after the window shows
    from swapdesk.wallet import Account


@dataclass(frozen=True)
class Told:
    """What the data tells the tab."""

    say: Callable[[], None]  # the state shown again
    changed: Callable[[], None]  # the form is to be judged now (a chain's tokens listed, an account chosen)
    refused: Callable[[str, str], None]  # (parameter, words): a pasted token could not be read
    unexpected: Callable[[BaseException], None]  # a bug in one of its tasks


class QuoteData(QObject):
    tokens_loaded = Signal(int)  # chain id
    chain_failed = Signal(str)
    token_read = Signal(str)  # a pasted address, once read from the chain
    balances_shown = Signal(int)  # chain id
    accounts_shown = Signal(int)  # how many accounts the picker offers

    def __init__(
        self, form: QuoteForm, service: Callable[[], SwapService], activity: Activity | None, prices: Prices,
        told: Told,
    ) -> None:  # fmt: skip
        """`service` is asked for the engine each time: the window may switch engines."""
        super().__init__(form)
        self.form, self.service, self.activity, self.prices, self.told = form, service, activity, prices, told
        self.balances: dict[str, int] = {}  # token address (lower case) -> the balance shown
        self.loading_words = tr("Starting swapdesk's engine…")
        self.load_failed = ""
        self.balances_of: tuple[int, str] | None = None  # (chain id, address) the balances shown belong to
        self.loading = Latest(told.unexpected)
        self._balancing = Latest(told.unexpected)  # its own: a balance refresh must not cancel a token load
        self._reading = {form.sell: Latest(told.unexpected), form.buy: Latest(told.unexpected)}
        self.being_read: set[TokenPicker] = set()  # pickers whose pasted address is being read now
        self.recipient = Recipient(form.recipient)
        self._shown_chain = form.chain
        for picker in (form.sell, form.buy):
            picker.pasted.connect(lambda address, p=picker: self._reading[p].run(self._read_token(p, address)))
        form.account_box.currentIndexChanged.connect(self.account_changed)
        form.recipient.editingFinished.connect(self.load_balances)

    @property
    def tokens_known(self) -> bool:
        return bool(self.form.sell.tokens)

    def load_tokens(self) -> None:
        chain = self.form.chain
        self.loading_words = tr("Loading the tokens of {chain}…").format(chain=chain.name)
        self.load_failed = ""
        self.loading.run(self._load_tokens(chain))
        self.told.say()

    def chain_changed(self) -> None:
        """Another chain: nothing of the last one's tokens or balances stays; its own are loaded."""
        self.balances = {}
        for picker in (self.form.sell, self.form.buy):
            picker.set_tokens([], -1, self.form.chain.tron)
        self.show_balances()
        self._rewrite_addresses()
        self.load_tokens()

    def _rewrite_addresses(self) -> None:
        """The recipient and the accounts as the new chain writes them (the same 20 bytes)."""
        chain = self.form.chain
        before, self._shown_chain = self._shown_chain, chain
        try:
            raw = parse_address(self.recipient.text, before.tron)
        except InvalidAddress:
            pass  # not an address: the form says so
        else:
            self.recipient.rewrite(format_address(raw, chain.tron))
        self.form.offered.retitle(chain.tron)

    async def _load_tokens(self, chain: Chain) -> None:
        try:
            tokens = await self.service().tokens(ChainRequest(chain))
        except ApiError as error:
            self.load_failed = error_words.refusal(error, error_words.Names(chain.name))
            self.loading_words = ""
            self.told.say()
            self.chain_failed.emit(error.message)
            return
        self.balances = {}
        self.form.sell.set_tokens(tokens, _default_sell(tokens), chain.tron)
        self.form.buy.set_tokens(tokens, 0, chain.tron)
        self.loading_words = tr("Reading balances on {chain}…").format(chain=chain.name)
        await self._load_balances(chain)
        self.loading_words = ""
        self.tokens_loaded.emit(chain.id)
        self.told.changed()

    def load_balances(self, only_if_other: bool = False) -> None:
        """Refresh the balances shown; with `only_if_other`, only when they are someone else's."""
        chain = self.form.chain
        try:
            whose = (chain.id, self._owner(chain))
        except InvalidParameter:
            whose = None
        if not (only_if_other and whose == self.balances_of):
            self._balancing.run(self._load_balances(chain))

    async def _load_balances(self, chain: Chain) -> None:
        """The account's balances into the pickers (no account: the recipient's)."""
        key = f"balances-{id(self)}"
        try:
            owner = self._owner(chain)
            if self.activity is not None:
                self.activity.begin(key, tr("Reading balances on {chain}…").format(chain=chain.name))
            found = await self.service().balances(BalancesRequest(chain, owner))
        except (ApiError, InvalidParameter):
            self.balances, self.balances_of = {}, None
        else:
            self.balances = {b.address.lower(): int(b.balance) for b in found}
            self.balances_of = (chain.id, owner)
        finally:
            if self.activity is not None:
                self.activity.end(key)
        for picker in (self.form.sell, self.form.buy):
            picker.set_balances(self.balances)
        self.show_balances()
        self.told.say()
        self.balances_shown.emit(chain.id)

    def _owner(self, chain: Chain) -> str:
        account = self.form.account
        if account is not None:
            return account.address_on(chain.tron)
        return str(parse(BalancesRequest, [("chain", chain.flag), ("address", self.recipient.text)]).address)

    async def _read_token(self, picker: TokenPicker, address: str) -> None:
        """Symbol and decimals of a pasted address, from the chain; the picker then checks the form again."""
        chain = self.form.chain
        self.being_read.add(picker)
        self.told.say()
        try:
            found: TokenInfo | None = await self.service().token(TokenRequest(chain, address))
        except (ApiError, InvalidParameter) as error:
            self.being_read.discard(picker)
            if error.code is not ErrorCode.UNKNOWN_TOKEN:
                name = "token0" if picker is self.form.sell else "token1"
                self.told.refused(name, error_words.refusal(error, error_words.Names(chain.name)))
                return
            found = None
        finally:
            self.being_read.discard(picker)  # read (or given up): the form is judged without the wait from here
        if chain == self.form.chain:
            picker.add_read(address, found)
            self.token_read.emit(address)

    # -- accounts ---------------------------------------------------------------------------

    def set_accounts(self, accounts: list[Account]) -> None:
        """Offer these accounts; the one chosen before stays chosen when it is still there."""
        if self.form.offered.offer(accounts, self.form.chain.tron):
            self.account_changed()
        else:
            self.told.say()
        self.accounts_shown.emit(len(accounts))

    def account_changed(self) -> None:
        account = self.form.account
        if account is not None:
            self.recipient.fill(account.address_on(self.form.chain.tron))
        self.load_balances(only_if_other=True)
        self.told.changed()

    def close(self) -> None:
        for work in (self.loading, self._balancing, *self._reading.values()):
            work.close()

    def held(self) -> int:
        """The balance of the token sold (0 when unknown)."""
        sell = self.form.sell.token
        return self.balances.get(sell.address.lower(), 0) if sell is not None else 0

    def show_balances(self, prices: tuple[Price | None, Price | None] = (None, None)) -> None:
        form = self.form
        asked = form.amount_in()
        for side, picker, price in ((form.sell_side, form.sell, prices[0]), (form.buy_side, form.buy, prices[1])):
            token, held = picker.token, picker.balance()
            if token is None or held is None:
                side.set_balance("")
                continue
            known = price if price is not None else self.prices.known(form.chain, token.address)
            short = side is form.sell_side and asked is not None and asked[1] > held
            side.set_balance(balance_words(token, held, known), enough=not short)
        form.max_button.setEnabled(bool(form.sell.balance()))


def _default_sell(tokens: list[TokenInfo]) -> int:
    for i, token in enumerate(tokens):
        if "USDT" in token.symbol:
            return i
    return 1 if len(tokens) > 1 else 0
