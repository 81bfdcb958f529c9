"""What the bridge clients deal in, in integers of smallest units: tokens, asks and quotes, deposits read
from a source chain, and a transfer's progress as its provider reports it.

A transfer's status is said three ways: the bridge's own (`notes`, the spec's statusNotes), the spec's
`status` (Success, Failure, Receiving) and LI.FI's normalised status (PENDING / DONE / FAILED with a
substatus). `Normalized.spec` derives the spec's from the normalised one, so the two never disagree:
PENDING is Receiving; DONE with COMPLETED or PARTIAL is Success; DONE with REFUNDED, and FAILED, are
Failure (nothing arrived).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Context, Decimal, DecimalException, localcontext
from typing import Any

from swapdesk.address import ZERO, InvalidAddress, format_address, parse_address
from swapdesk.api import ApiError, CrossRoutesRequest, CrossSwapRequest, ErrorCode, Unprocessable, on_parameter
from swapdesk.api.rules import MAX_DECIMALS
from swapdesk.chains import Chain
from swapdesk.units import to_human
from swapdesk.words import QT_TR_NOOP, Term, Words

PENDING, DONE, FAILED = "PENDING", "DONE", "FAILED"
WAIT_SOURCE = "WAIT_SOURCE_CONFIRMATIONS"
WAIT_DESTINATION = "WAIT_DESTINATION_TRANSACTION"
REFUNDING = "REFUND_IN_PROGRESS"
COMPLETED, PARTIAL, REFUNDED = "COMPLETED", "PARTIAL", "REFUNDED"
EXPIRED, UNKNOWN_FAILURE = "EXPIRED", "UNKNOWN_FAILED_ERROR"
UINT256 = 2**256  # every amount a bridge's contract takes is below it


class Broken(ValueError):
    """A field of a provider's answer that breaks a rule, in words: the field, the rule, and what it said."""

    def __init__(self, words: Words) -> None:
        super().__init__(str(words))
        self.words = words


def broken(field: str, value: object, rule: Words | Term) -> Broken:
    """`field value: rule`, what the provider said cut short."""
    return Broken(Words(QT_TR_NOOP("{field} {value}: {rule}"), field=field, value=str(value)[:80], rule=rule))


def address_of(value: Any, field: str, tron: bool) -> bytes:
    """An address a provider gives (`field`), base58 where `tron` says; `Broken` says the text and the rule."""
    text = str(value)
    try:
        return parse_address(text, tron)
    except InvalidAddress as exc:
        raise broken(field, repr(text[:60]), Term(exc.rule)) from None


def number_of(value: Any, field: str, most: int) -> int:
    """A whole number a provider gives (a JSON integer or its digits) from 0 to `most`."""
    text = str(value)
    digits = text.isascii() and text.isdigit() and len(text) <= len(str(most))
    if isinstance(value, bool) or not digits or int(text) > most:
        raise broken(field, value, Words(QT_TR_NOOP("from 0 to {most}"), most=most))
    return int(text)


def decimals_of(value: Any, field: str, symbol: object, chain: Chain) -> int:
    """A token's decimals as a provider lists them (`field`): from 0 to MAX_DECIMALS."""
    try:
        return number_of(value, field, MAX_DECIMALS)
    except Broken:
        rule = Words(QT_TR_NOOP("from 0 to {most}"), most=MAX_DECIMALS)
        said = Words(
            QT_TR_NOOP("{field} {value} of {symbol} on {chain}: {rule}"),
            field=field,
            value=str(value)[:80],
            symbol=str(symbol)[:32],
            chain=chain.name,
            rule=rule,
        )
        raise Broken(said) from None


def units_of(value: Any, decimals: int, rounding: str, field: str) -> int:
    """Whole tokens written as an exact decimal ("30.5"), in smallest units rounded as `rounding` says: a number
    from 0 to 2^256 - 1 (an exponent or a length that could not be one is refused before it is computed)."""
    text = str(value).strip()
    try:
        amount = Decimal(text) if len(text) <= 100 else None
        if amount is None or not amount.is_finite() or amount.adjusted() > 78 - decimals or amount < 0:
            raise DecimalException
        with localcontext(Context(prec=160)):  # wider than any text read here: scaleb exact
            units = int(amount.scaleb(decimals).to_integral_value(rounding=rounding))
    except DecimalException:
        raise broken(field, value, Words(QT_TR_NOOP("not an amount of whole tokens"))) from None
    if units >= UINT256:
        raise broken(field, value, Words(QT_TR_NOOP("more than any token can hold")))
    return units


def rescale(amount: int, decimals_from: int, decimals_to: int) -> int:
    """An amount at other decimals, rounded down."""
    factor: int = 10 ** abs(decimals_to - decimals_from)  # int ** int is typed Any (a negative power is a float)
    return amount * factor if decimals_to >= decimals_from else amount // factor


@dataclass(frozen=True)
class Token:
    chain: Chain
    address: bytes  # 20 bytes; all zero: the chain's native coin
    symbol: str
    name: str
    decimals: int

    @property
    def shown(self) -> str:
        """The address as its chain writes it (EIP-55, or base58 on TRON)."""
        return format_address(self.address, self.chain.tron)

    @property
    def native(self) -> bool:
        return self.address == ZERO

    def human(self, units: int) -> str:
        return f"{to_human(units, self.decimals)} {self.symbol}"


@dataclass(frozen=True)
class Listing:
    """What a bridge lists, and the chains it could not list now, each with the refusal that says why."""

    tokens: list[Token]
    refused: list[tuple[Chain, ApiError]] = field(default_factory=list)


@dataclass(frozen=True)
class Ask:
    """A quote request, parsed: addresses as raw bytes, `token1` None for the same asset on the destination."""

    src: Chain
    dst: Chain
    token0: bytes
    token1: bytes | None
    amount: int | None  # None: the quote picks one (see `default_amount`)
    to: str | None  # in the destination's format
    issuer: bytes | None

    @classmethod
    def of(cls, request: CrossSwapRequest | CrossRoutesRequest) -> Ask:
        src, dst = request.fromChainID, request.toChainID
        return cls(
            src=src,
            dst=dst,
            token0=parse_address(request.token0, src.tron),
            token1=parse_address(request.token1, dst.tron) if request.token1 else None,
            amount=request.amountIn,
            to=request.to,
            issuer=parse_address(request.issuer, src.tron) if request.issuer else None,
        )


@dataclass(frozen=True)
class Limits:
    low: int  # the least amount of token0 accepted
    high: int  # the most
    slow: int | None = None  # above it the bridge holds the transfer for a while


@dataclass(frozen=True)
class Fee:
    kind: str  # bridge | relayer
    token: Token
    amount: int


@dataclass(frozen=True)
class Quote:
    bridge: str
    src: Token
    dst: Token
    amount_in: int
    amount_out: int
    fee: int  # what the bridge keeps, token0 units
    fee_rate_bps: Decimal
    relayer_fee: int | None  # METAPATH: token1 units
    fees: tuple[Fee, ...]  # the breakdown, each in its own token
    limits: Limits
    router: bytes
    cross_pool: bytes
    data: bytes | None  # None: no recipient, or no amount asked
    value: int  # native coin sent with `data`
    gas: int  # gas the source call takes at most
    confirmations: int  # source blocks a deposit waits, its own included (the devnet's timing)
    stages: int  # off-chain steps between the confirmed deposit and the payout (the devnet's timing)
    provider_eta: int | None = None  # seconds, where the provider's API estimates the transfer's time
    same_asset: bool = True  # token1 is token0's asset (what arrives is at most what was sent); METAPATH may swap


@dataclass(frozen=True)
class Deposit:
    """A deposit into a bridge, as its source chain shows it."""

    bridge: str
    key: str  # the order as the provider names it
    tx: str  # 0x-hex
    src: Token
    dst: Token
    sender: bytes
    receiver: str  # as the deposit names it, in the destination's format
    amount: int
    min_out: int  # the least the receiver gets by the bridge's terms (0: nothing will be paid)
    min_on_chain: bool  # the deposit itself carries `min_out` (METAPATH's minReturnAmount)
    timestamp: int  # its block's


@dataclass(frozen=True)
class Normalized:
    status: str  # PENDING, DONE, FAILED
    substatus: str
    message: str = ""

    @property
    def spec(self) -> str:
        if self.status == PENDING:
            return "Receiving"
        return "Success" if self.status == DONE and self.substatus in (COMPLETED, PARTIAL) else "Failure"


def noted(state: Normalized, note: object) -> Normalized:
    """A state with its provider's note (the devnet's: what judging the order again after a chain went back
    found) as its message, where it has none."""
    text = str(note or "")[:300]
    return Normalized(state.status, state.substatus, text) if text and not state.message else state


@dataclass(frozen=True)
class Step:
    notes: str
    normalized: Normalized
    time_ms: int
    chain: Chain | None  # of the step's transaction
    tx: str  # 0x-hex, "" without one


@dataclass(frozen=True)
class Progress:
    """Where the provider says a transfer is."""

    notes: str  # the bridge's own status
    normalized: Normalized
    dst_tx: str = ""  # the payout, once sent
    paid: int = 0  # what the receiver got, once paid
    paid_token: Token | None = None  # when not the deposit's token1 (PARTIAL: an anyToken)
    channel: str = "default"
    steps: tuple[Step, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Transfer:
    deposit: Deposit
    progress: Progress


@dataclass(frozen=True)
class Found:
    """A transaction of a bridge's contract: the order it belongs to, and its part in it."""

    key: str
    role: str  # deposit | payout | refund
    src_chain: Chain | None = None  # when the transaction says
    src_tx: str | None = None
    dst_tx: str = ""  # a payout's own transaction
    paid: int = 0  # what a payout's log says it paid (read when the provider cannot say)


def default_amount(token: Token, low: int) -> int:
    """What a quote without `amountIn` quotes: one whole token0, or the bridge's minimum when that is more."""
    whole: int = 10**token.decimals
    return max(whole, low)


def check_limits(bridge: str, token: Token, amount: int, limits: Limits) -> None:
    if not limits.low <= amount <= limits.high:
        raise Unprocessable(
            ErrorCode.OUTSIDE_LIMITS,
            on_parameter(
                "amountIn",
                Words(
                    QT_TR_NOOP(
                        "{bridge} takes from {low} to {high} from {chain} ({low_units} to {high_units} smallest units;"
                        " got {amount})"
                    ),
                    bridge=bridge,
                    low=token.human(limits.low),
                    high=token.human(limits.high),
                    chain=token.chain.name,
                    low_units=limits.low,
                    high_units=limits.high,
                    amount=amount,
                ),
            ),
            "amountIn",
        )


def no_route(bridge: str, parameter: str, what: Words) -> Unprocessable:
    carried = Words(QT_TR_NOOP("{bridge} does not carry {what}"), bridge=bridge, what=what)
    return Unprocessable(ErrorCode.NO_ROUTE, on_parameter(parameter, carried), parameter)


def pair(token0: Token | bytes, src: Chain, dst: Chain, token1: Token | bytes | None) -> Words:
    """A pair as messages name it: `USDT on BNB Smart Chain to USDC on Ethereum`."""

    def named(token: Token | bytes | None, chain: Chain) -> Words:
        if token is None:
            return Words(QT_TR_NOOP("the same asset on {chain}"), chain=chain.name)
        text = token.symbol if isinstance(token, Token) else format_address(token, chain.tron)
        return Words(QT_TR_NOOP("{token} on {chain}"), token=text, chain=chain.name)

    return Words(QT_TR_NOOP("{sent} to {received}"), sent=named(token0, src), received=named(token1, dst))
