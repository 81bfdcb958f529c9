"""The Cross-chain tab's choices: which chains and tokens the bridges serve, the account, its balances on the
source chain, and the recipient, which follows the destination.

The bridges' chains and tokens come from the spec's cross-chain list (`/v3/cross/common/list`), asked at each
engine start: a chain is offered when some bridge serves it, a token when some bridge carries it there. With
nothing listed yet (a first start: no list kept from the last run), the pair's two chains are asked first and
the form is usable with them; the other chains of the spec's table wait in the chain boxes, said loading and
not yet choosable, until the whole list comes (on the devnet, listing a chain starts it: seconds for all). A
source chain picks the same token on the destination when it has one; the destination is never the source;
the recipient is the account's own address, written as the destination writes addresses (base58 on TRON),
and a recipient typed by hand is rewritten to the destination's format when the destination changes (the
same 20 bytes; a recipient typed by hand stays: `accounts.Recipient`). Flip sends back the other way. The tab
(`cross.tab`) wires it: each change here tells it through the functions it gives.
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
    CrossListRequest,
    ErrorCode,
    InvalidParameter,
    SwapService,
    TokenInfo,
)
from swapdesk.chains import CHAINS, Chain
from swapdesk.gui import error_words
from swapdesk.gui.activity import Activity
from swapdesk.gui.i18n import tr
from swapdesk.gui.tabs.accounts import Recipient
from swapdesk.gui.tabs.cross.form import CrossForm
from swapdesk.gui.tasks import Latest
from swapdesk.off_loop import off_loop

if TYPE_CHECKING:
    from swapdesk.api import CrossTokenList
    from swapdesk.gui.tabs.cross_kept import KeptList
    from swapdesk.wallet import Account

DEFAULTS = ("BNB Smart Chain", "Polygon", "USDT")  # what a first look compares


@dataclass(frozen=True)
class Told:
    """What the choices tell the tab."""

    say: Callable[[], None]  # the state shown again
    changed: Callable[[], None]  # something the comparison depends on changed: compared again
    balance: Callable[[], None]  # the balance shown again
    unexpected: Callable[[BaseException], None]  # a bug in one of its tasks


class CrossChoices(QObject):
    tokens_loaded = Signal(int)  # how many chains some bridge serves
    pair_listed = Signal(int)  # the chosen pair's chains listed, the form usable; the other chains still loading
    list_failed = Signal(str)
    balances_shown = Signal(int)  # the source chain's id
    accounts_shown = Signal(int)

    def __init__(
        self, form: CrossForm, service: Callable[[], SwapService | None], activity: Activity | None, told: Told
    ) -> None:
        """`service` is asked for the engine each time: the window may switch engines (none yet: the kept list)."""
        super().__init__(form)
        self.form, self.service, self.activity, self.told = form, service, activity, told
        self._loading_words = tr("Starting swapdesk's engine…")
        self.load_failed = ""
        self.balances: dict[str, int] = {}  # token address (lower case) -> the balance shown, on the source
        self.tokens: dict[int, list[TokenInfo]] = {}  # chain id -> the tokens some bridge takes there
        self.kept: KeptList | None = None  # the last run's list (`cross_kept`), shown until the engine lists
        self.from_kept = False  # the tokens listed are the kept ones: the engine's list is still to come
        self.pending: frozenset[int] = frozenset()  # chains shown as loading: only the pair's tokens are listed
        self.first_start: Callable[[], bool] = lambda: False  # whether the devnet still builds its worlds
        self._shown_dst: Chain | None = None
        self.recipient = Recipient(form.recipient)
        self.loading, self._balancing = Latest(told.unexpected), Latest(told.unexpected)
        form.src_box.currentIndexChanged.connect(self._src_changed)
        form.dst_box.currentIndexChanged.connect(self._dst_changed)
        form.account_box.currentIndexChanged.connect(self._account_changed)
        form.send_picker.changed.connect(self._same_asset)
        form.flip_button.clicked.connect(self.flip)

    # -- what the bridges take ----------------------------------------------------------------

    def load_tokens(self) -> None:
        """Ask which chains and tokens the bridges serve (each engine start)."""
        self._loading_words = tr("Loading the bridges' chains and tokens…")
        if self.first_start():  # seconds each, the bridge chains' worlds: said, so a long wait is not a stuck one
            self._loading_words = tr(  # no figure promised: how long depends on the machine and its load
                "Building the devnet's bridge chains for a first start: on a slow machine this can take several "
                "minutes…"
            )
        self.load_failed = ""
        self.loading.run(self._load())
        self.told.say()

    @property
    def loading_words(self) -> str:
        """What is loading, while the form cannot be used: never while the kept list is shown."""
        listing = self.loading.busy and not self.from_kept and not self.pending
        return self._loading_words if not self.tokens or listing else ""

    def show_kept(self) -> bool:
        """The last run's list, at once, until the engine's replaces it; False when none is kept for these
        settings."""
        listed = self.kept.load() if self.kept is not None and not self.tokens else None
        if listed is not None:
            self._list_of(listed, kept=True)
        return listed is not None

    async def _load(self) -> None:
        try:
            # nothing shown yet: the form's own pair first, usable while the rest is listed
            whole = await self._load_pair() if not self.tokens else None
            listed = whole or await self._engine().cross_list(CrossListRequest())
        except ApiError as error:
            self.pending = frozenset()
            self.load_failed = _list_refusal(error)
            self._loading_words = ""
            self.told.say()
            self.list_failed.emit(error.message)
            return
        self.pending = frozenset()
        self._list_of(listed, kept=False)
        if self.kept is not None:
            await off_loop(self.kept.save, listed)

    async def _load_pair(self) -> CrossTokenList | None:
        """The bridges' tokens on the chosen pair's chains (the defaults on a first look), shown at once; every
        other chain of the spec's cross-chain table is said to be loading until the whole list comes. The list
        when the answer is already the whole one (a server's: the spec's path takes no chains)."""
        src, dst = self.form.src, self.form.dst
        names = (src.name if src else DEFAULTS[0], dst.name if dst else DEFAULTS[1])
        pair = frozenset(c.id for c in CHAINS if c.name in names)
        listed = await self._engine().cross_list_of(CrossListRequest(), pair)
        served = {entry.chainId for chains in listed.chains.values() for entry in chains}
        if served - pair:
            return listed
        if served == pair:  # else a pair not served: nothing usable yet, the whole list decides
            self.pending = frozenset(c.id for c in CHAINS if c.cross_chain and c.id not in served)
            self._list_of(listed, kept=False)
            self.pair_listed.emit(len(served))
        return None

    def _list_of(self, listed: CrossTokenList, kept: bool) -> None:
        self._loading_words, self.from_kept = "", kept
        served = {entry.chainId for chains in listed.chains.values() for entry in chains}
        self.tokens = {}
        for entries in listed.tokens.values():
            for t in entries:
                known = self.tokens.setdefault(t.chainId, [])
                if all(k.address.lower() != t.address.lower() for k in known):
                    known.append(TokenInfo(address=t.address, symbol=t.symbol, name=t.name, decimals=t.decimals,
                                           icon=t.icon))  # fmt: skip
        chains = [c for c in CHAINS if c.id in served or c.id in self.pending]
        form = self.form
        src, dst = form.src, form.dst
        form.set_chains(chains, self.pending)
        for box in (form.src_box, form.dst_box):
            box.blockSignals(True)
        form.choose_chains(src.name if src else DEFAULTS[0], dst.name if dst else DEFAULTS[1])
        for box in (form.src_box, form.dst_box):
            box.blockSignals(False)
        self._src_changed()
        if not kept and not self.pending:
            self.tokens_loaded.emit(len(chains))

    def _src_changed(self) -> None:
        form = self.form
        src = form.src
        if src is None:
            return
        if form.dst == src:  # a transfer goes to another chain (one whose tokens are listed)
            form.dst_box.setCurrentIndex(form.next_ready(form.dst_box, form.src_box.currentIndex()))
        tokens = self.tokens.get(src.id, [])
        chosen = form.send_picker.token.symbol if form.send_picker.token else DEFAULTS[2]
        form.send_picker.set_tokens(tokens, _index(tokens, chosen), src.tron)
        self.balances = {}
        self._dst_changed()
        self.load_balances()

    def _dst_changed(self) -> None:
        dst, form = self.form.dst, self.form
        if dst is None:
            return
        tokens = self.tokens.get(dst.id, [])
        wanted = form.send_picker.token.symbol if form.send_picker.token else DEFAULTS[2]
        form.receive_picker.set_tokens(tokens, _index(tokens, wanted), dst.tron)
        self._rewrite_recipient()
        self.told.changed()

    def _same_asset(self) -> None:
        """A token sent picks the same asset on the destination, where there is one."""
        sent, receive = self.form.send_picker.token, self.form.receive_picker
        if sent is not None and (receive.token is None or receive.token.symbol != sent.symbol):
            index = _index(receive.tokens, sent.symbol, -1)
            if index >= 0:
                receive.choose_token(receive.tokens[index])
        self.told.balance()

    def _rewrite_recipient(self) -> None:
        """The recipient as the destination writes it (the same 20 bytes); the account's own by default."""
        dst, before = self.form.dst, self._shown_dst
        self._shown_dst = dst
        if dst is None:
            return
        text = self.recipient.text
        try:
            raw = parse_address(text, before.tron) if before is not None and text else None
        except InvalidAddress:
            raw = None
        own = self.form.own_address(dst)
        self.recipient.rewrite(format_address(raw, dst.tron) if raw is not None else own or text)

    def flip(self) -> None:
        """Send back the other way: the chains and the tokens change places."""
        form = self.form
        src, dst, received = form.src, form.dst, form.receive_picker.token
        if src is None or dst is None:
            return
        form.src_box.setCurrentIndex(form.src_box.findData(dst.id))  # its signal sets the tokens and balances
        form.dst_box.setCurrentIndex(form.dst_box.findData(src.id))
        if received is not None:
            form.send_picker.choose(received.address)

    def load_balances(self) -> None:
        self._balancing.run(self._load_balances())

    async def _load_balances(self) -> None:
        src, account, service = self.form.src, self.form.account, self.service()
        if src is None or account is None or service is None:  # no engine yet: the kept list shown
            self.balances = {}
        else:
            key = f"cross-balances-{id(self)}"
            if self.activity is not None:
                self.activity.begin(key, tr("Reading balances on {chain}…").format(chain=src.name))
            try:
                found = await service.balances(BalancesRequest(src, account.address_on(src.tron)))
                self.balances = {b.address.lower(): int(b.balance) for b in found}
            except (ApiError, InvalidParameter):
                self.balances = {}
            finally:
                if self.activity is not None:
                    self.activity.end(key)
        self.form.send_picker.set_balances(self.balances)
        self.told.balance()
        self.told.say()
        if src is not None:
            self.balances_shown.emit(src.id)

    # -- accounts ------------------------------------------------------------------------------

    def set_accounts(self, accounts: list[Account]) -> None:
        """Offer these accounts; the one chosen before stays chosen when it is still there."""
        src = self.form.src
        self.form.offered.offer(accounts, bool(src and src.tron))
        self._account_changed()  # the balances, and the recipient where the form filled it in itself
        self.accounts_shown.emit(len(accounts))

    def _account_changed(self) -> None:
        dst = self.form.dst
        own = self.form.own_address(dst) if dst is not None else None
        if own is not None:
            self.recipient.fill(own)
        self.load_balances()
        self.told.changed()

    def held(self) -> int:
        """The balance of the token sent (0 when unknown)."""
        token = self.form.send_picker.token
        return self.balances.get(token.address.lower(), 0) if token is not None else 0

    def _engine(self) -> SwapService:
        service = self.service()
        assert service is not None  # the list is asked once there is an engine (`CrossChainTab.use_service`)
        return service

    def close(self) -> None:
        self.loading.close()
        self._balancing.close()


def _list_refusal(error: ApiError) -> str:
    """Why no bridge listed its chains and tokens: every provider refused (the engine answers the first refusal
    only when none listed), so no one chain or provider is named for all of them."""
    if error.code in (ErrorCode.SERVER_UNREACHABLE, ErrorCode.CHAIN_UNAVAILABLE):
        return tr("no bridge provider answers right now")
    return error_words.refusal(error, error_words.Names())


def _index(tokens: list[TokenInfo], symbol: str, otherwise: int = 0) -> int:
    return next((i for i, t in enumerate(tokens) if t.symbol == symbol), otherwise if tokens else -1)
