"""What Celer's cBridge gateway answers, read as the real gateway and the devnet's model both write it.

- Every answer carries `err`: null, or `{code, msg}`. The codes are the gateway's (cbridge-docs,
  gateway-estimateamt): 1004 the destination pool is short; 1005 and 1017 a pool cap; 500, 1001, 1002,
  1009, 1016 a chain or token not carried (or carried one way only); 1012 a slippage it refuses; 1015 a
  blocked address; 1018 a VPN; each is answered in the API's words, the gateway's message quoted.
- Transfer configs: `chains[]` and `chain_token{<id>: {token: [...]}}`. Token `symbol` is the asset the
  gateway names in estimateAmt. `name` is the token's own symbol on the devnet (its model's convention)
  and the token's name on the real gateway ("USD Coin", "Wrapped ETH"), so the token's symbol is `name`
  on the devnet and `symbol` elsewhere.
- Transfer status: TransferHistoryStatus and XferStatus (the refund reasons), by their documented codes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import swapdesk.engine.bridges.model as m
from swapdesk.address import ZERO, InvalidAddress
from swapdesk.api import ErrorCode, Unavailable, Unprocessable, on_parameter
from swapdesk.chains import CHAINS, Chain, by_id
from swapdesk.engine.bridges.provider import ProviderApi
from swapdesk.words import QT_TR_NOOP, Words

# TransferHistoryStatus (0, unknown to the gateway, is shown as the first state: the deposit is mined)
NAMES = {0: "SUBMITTING", 1: "SUBMITTING", 2: "FAILED", 3: "WAITING_FOR_SGN_CONFIRMATION"}
NAMES |= {4: "WAITING_FOR_FUND_RELEASE", 5: "COMPLETED", 6: "TO_BE_REFUNDED", 7: "REQUESTING_REFUND"}
NAMES |= {8: "REFUND_TO_BE_CONFIRMED", 9: "CONFIRMING_YOUR_REFUND", 10: "REFUNDED", 11: "DELAYED"}
CODES = {name: code for code, name in NAMES.items() if code}
REASONS = {3: "not enough liquidity on the destination", 4: "the slippage bound cannot be met", 5: "bad token"}
REASONS |= {8: "transfers of this token are disabled", 9: "bad destination chain"}  # XferStatus
LIQUIDITY, CAPS = frozenset((1004,)), frozenset((1005, 1017))
NOT_CARRIED = frozenset((500, 1001, 1002, 1003, 1009, 1012, 1016))
BLOCKED = 1015
MAX_DELAY = 100_000  # blocks the validators wait, at most (the real gateway's are a few hundred)


def normalized(code: int, reason: int = 0) -> m.Normalized:
    why = REASONS.get(reason, "")
    if code == 5:
        return m.Normalized(m.DONE, m.COMPLETED)
    if code == 10:
        return m.Normalized(m.DONE, m.REFUNDED, why)
    if code == 2:
        return m.Normalized(m.FAILED, m.UNKNOWN_FAILURE, why)
    if code == 6:
        return m.Normalized(m.PENDING, m.REFUNDING, f"{why}: the sender must ask for the refund".lstrip(": "))
    if code == 8:
        return m.Normalized(m.PENDING, m.REFUNDING, "signed: the sender sends withdraw on the source chain")
    if code in (7, 9):
        return m.Normalized(m.PENDING, m.REFUNDING, why)
    if code == 11:
        return m.Normalized(m.PENDING, m.WAIT_DESTINATION, "a large transfer: released after the delay period")
    return m.Normalized(m.PENDING, m.WAIT_SOURCE if code <= 1 else m.WAIT_DESTINATION)


async def ask(api: ProviderApi, method: str, path: str, payload: dict[str, Any], parameter: str) -> dict[str, Any]:
    """A gateway answer without `err`; its error codes in the API's words."""
    answer = await (api.get(path, payload) if method == "GET" else api.post(path, payload))
    body = answer.body
    if answer.status == 503 and isinstance(body, dict) and body.get("err"):
        raise Unavailable(ErrorCode.CHAIN_UNAVAILABLE, Words(QT_TR_NOOP("the CBRIDGE gateway cannot reach a chain")))
    if not isinstance(body, dict):
        shape = Words(
            QT_TR_NOOP("answered {path} with HTTP {status} outside the gateway's shape"),
            path=path,
            status=answer.status,
        )
        raise api.unreachable(shape)
    err = body.get("err")  # the gateway writes null; an example may leave it out
    if err is None and answer.status == 200:
        return body
    code, message = (_code(err.get("code")), str(err.get("msg", ""))[:300]) if isinstance(err, dict) else (0, "")
    # the gateway's own message stays as it said it: a word in the sentence
    said = Words(QT_TR_NOOP("the CBRIDGE gateway refused ({code}): {message}"), code=code, message=message)
    if code in LIQUIDITY:
        short = Words(QT_TR_NOOP("the CBRIDGE pool is short: {message}"), message=message)
        raise Unprocessable(ErrorCode.INSUFFICIENT_LIQUIDITY, on_parameter("amountIn", short), "amountIn")
    if code in CAPS:
        raise Unprocessable(ErrorCode.OUTSIDE_LIMITS, on_parameter("amountIn", said), "amountIn")
    if code in NOT_CARRIED:
        raise Unprocessable(ErrorCode.NO_ROUTE, on_parameter(parameter, said), parameter)
    if code == BLOCKED:
        raise Unprocessable(ErrorCode.INVALID_SENDER, on_parameter("issuer", said), "issuer")
    raise api.unreachable(
        Words(
            QT_TR_NOOP("answered {path} with HTTP {status}, error {code}: {message}"),
            path=path,
            status=answer.status,
            code=code,
            message=message,
        )
    )


def _code(value: Any) -> int:
    """An error code as the gateway writes it: a number (the enum's number) or its numeric text."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


@dataclass(frozen=True)
class Listed:
    asset: str  # the gateway's symbol
    token: m.Token  # the ERC-20

    @property
    def wraps_native(self) -> bool:
        return self.token.symbol == self.token.chain.wrapped_symbol

    @property
    def paid(self) -> m.Token:
        """What a relay of this token pays: the coin itself for the wrapped one."""
        if not self.wraps_native:
            return self.token
        chain = self.token.chain
        return m.Token(chain, ZERO, chain.native_symbol, chain.native_symbol, chain.native_decimals)


@dataclass(frozen=True)
class ChainConfig:
    chain: Chain
    bridge: bytes
    block_delay: int
    tokens: tuple[Listed, ...]

    def sent(self, token0: bytes) -> Listed | None:
        """The listed token that `token0` sends (the native coin: the wrapped one, by sendNative)."""
        return next((t for t in self.tokens if t.token.address == token0 or (token0 == ZERO and t.wraps_native)), None)

    def asset(self, asset: str) -> Listed | None:
        return next((t for t in self.tokens if t.asset == asset), None)


def parse_configs(body: dict[str, Any], devnet: Callable[[Chain], bool]) -> dict[int, ChainConfig]:
    """Transfer configs of the chains this engine knows; ValueError for a wrong shape."""
    configs = {}
    try:
        for raw in body["chains"]:
            chain_id = int(raw["id"])
            if not any(c.id == chain_id and c.cross_chain for c in CHAINS):
                continue  # a chain this engine does not bridge
            chain = by_id(chain_id)
            listed = (body.get("chain_token") or {}).get(str(chain_id), {}).get("token") or []
            tokens = tuple(_listed(chain, t, devnet(chain)) for t in listed if _enabled(t))
            bridge = m.address_of(raw["contract_addr"], "contract_addr", chain.tron)
            configs[chain_id] = ChainConfig(
                chain, bridge, m.number_of(raw["block_delay"], "block_delay", MAX_DELAY), tokens
            )
    except m.Broken:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, InvalidAddress) as exc:
        raise ValueError(f"malformed transfer configs: {exc}") from None
    return configs


def _enabled(info: dict[str, Any]) -> bool:
    return not info.get("transfer_disabled") and not info["token"].get("xfer_disabled")


def _listed(chain: Chain, info: dict[str, Any], devnet: bool) -> Listed:
    token = info["token"]
    name = str(info.get("name") or token["symbol"])
    symbol = name if devnet else str(token["symbol"])
    address = m.address_of(token["address"], "address", chain.tron)
    decimals = m.decimals_of(token["decimal"], "decimal", symbol, chain)
    return Listed(str(token["symbol"]), m.Token(chain, address, symbol, name, decimals))


async def latency(api: ProviderApi, src: Chain, dst: Chain) -> int | None:
    """cBridge's own estimate of a transfer's time on this route: the median of its last 7 days
    (`getLatest7DayTransferLatencyForQuery`); None when the gateway gives none."""
    query = {"src_chain_id": str(src.id), "dst_chain_id": str(dst.id)}
    try:
        answer = await api.get("/v2/getLatest7DayTransferLatencyForQuery", query)
    except Unavailable:
        return None  # an estimate is not worth a refused quote
    body = answer.body
    if answer.status != 200 or not isinstance(body, dict) or body.get("err") is not None:
        return None
    try:
        seconds = float(body["median_transfer_latency_in_second"])
    except (KeyError, TypeError, ValueError):
        return None
    return round(seconds) if 0 < seconds < 30 * 86_400 else None
