"""Swaps through a DEX's own router, for chains where swapdesk's router is not deployed.

Two interfaces cover the sources the engine reads: Uniswap V2's `UniswapV2Router02` (and the forks that keep it:
SushiSwap, PancakeSwap V2, QuickSwap, ...) and Uniswap V3's `SwapRouter` (and PancakeSwap V3's). Each takes one
route of one source's pools, exact input, a minimum and a deadline. The engine encodes a quote's call here, and
the trade module decodes it here to check it against what the user was shown before signing: one place for both.

The native coin: V2 has its own functions for it (`swapExactETHForTokens`, `swapExactTokensForETH`); V3's router
wraps what it is sent when the path starts with the wrapped coin, and for the coin out it keeps the wrapped
tokens itself and unwraps them to the receiver in the same transaction (`multicall` of `exactInput` then
`unwrapWETH9`).
"""

from __future__ import annotations

from dataclasses import dataclass

from swapdesk.address import ZERO, to_checksum
from swapdesk.contracts import vendored
from swapdesk.words import QT_TR_NOOP, Worded

V2_ROUTER, V3_ROUTER, WETH = vendored("UniswapV2Router02"), vendored("SwapRouter"), vendored("WETH9")
CONTRACTS = {"uniswap_v2": "UniswapV2Router02", "uniswap_v3": "SwapRouter"}  # the interface each kind's router has
NATIVE = to_checksum(ZERO)
DEX_ROUTER_GAS = 60_000  # the router's own cost besides the hops: the transfers in and out, the checks
_V2_FUNCTIONS = ("swapExactTokensForTokens", "swapExactETHForTokens", "swapExactTokensForETH")


def _address(decoded: str) -> str:
    return to_checksum(bytes.fromhex(decoded[2:]))


class NotADexSwap(Worded, ValueError):
    """Call data that is not an exact-input swap of the form this module writes."""


@dataclass(frozen=True)
class DexSwap:
    kind: str  # the source's kind: "uniswap_v2" or "uniswap_v3"
    token_in: str  # NATIVE for the coin itself
    token_out: str
    amount: int
    min_return: int
    receiver: str
    deadline: int
    path: tuple[str, ...]  # the tokens the pools trade, wrapped coin for the native one
    fees: tuple[int, ...] = ()  # V3: each hop's pool fee, in millionths

    @property
    def value(self) -> int:
        """What the transaction sends with it."""
        return self.amount if self.token_in == NATIVE else 0


def encode(swap: DexSwap, router: str) -> bytes:
    """The call data of `swap` for the router at `router` (V3 names itself as the recipient of what it unwraps)."""
    if swap.kind == "uniswap_v2":
        path = list(swap.path)
        if swap.token_in == NATIVE:
            return V2_ROUTER.encode("swapExactETHForTokens", swap.min_return, path, swap.receiver, swap.deadline)
        name = "swapExactTokensForETH" if swap.token_out == NATIVE else "swapExactTokensForTokens"
        return V2_ROUTER.encode(name, swap.amount, swap.min_return, path, swap.receiver, swap.deadline)
    if swap.kind != "uniswap_v3":
        raise ValueError(f"no DEX router interface for pools of kind {swap.kind!r}")
    packed = _packed_path(swap.path, swap.fees)
    if swap.token_out != NATIVE:
        return V3_ROUTER.encode("exactInput", (packed, swap.receiver, swap.deadline, swap.amount, swap.min_return))
    swap_call = V3_ROUTER.encode("exactInput", (packed, router, swap.deadline, swap.amount, swap.min_return))
    unwrap = V3_ROUTER.encode("unwrapWETH9", swap.min_return, swap.receiver)
    return V3_ROUTER.encode("multicall", [swap_call, unwrap])


def decode(kind: str, data: bytes, router: str, wrapped: str) -> DexSwap:
    """The swap `data` makes through a router of `kind` at `router` on a chain whose wrapped coin is `wrapped`;
    NotADexSwap for anything else (another function, a recipient that is not the final one)."""
    try:
        return _decode_v2(data, wrapped) if kind == "uniswap_v2" else _decode_v3(data, router, wrapped)
    except NotADexSwap:
        raise
    except Exception as exc:  # eth_abi's errors for bytes that are not the call's layout
        raise NotADexSwap(
            QT_TR_NOOP("the call data is not a swap through {kind}: {reason}"),
            kind=CONTRACTS.get(kind, kind),
            reason=exc,
        ) from None


def _decode_v2(data: bytes, wrapped: str) -> DexSwap:
    selectors = {V2_ROUTER.selector(name): name for name in _V2_FUNCTIONS}
    name = selectors.get(data[:4])
    if name is None:
        raise NotADexSwap(QT_TR_NOOP("the call is not one of UniswapV2Router02's exact-input swaps"))
    args = V2_ROUTER.decode_input(name, data)
    if name == "swapExactETHForTokens":
        minimum, path, receiver, deadline = args
        amount = -1  # the value sent: the caller's to check
    else:
        amount, minimum, path, receiver, deadline = args
    path = tuple(_address(a) for a in path)
    token_in = NATIVE if name == "swapExactETHForTokens" else path[0]
    token_out = NATIVE if name == "swapExactTokensForETH" else path[-1]
    if (token_in == NATIVE and path[0] != wrapped) or (token_out == NATIVE and path[-1] != wrapped):
        raise NotADexSwap(QT_TR_NOOP("the native coin's side of the path is not the chain's wrapped coin"))
    return DexSwap("uniswap_v2", token_in, token_out, amount, minimum, _address(receiver), deadline, path)


def _decode_v3(data: bytes, router: str, wrapped: str) -> DexSwap:
    if data[:4] == V3_ROUTER.selector("multicall"):
        (calls,) = V3_ROUTER.decode_input("multicall", data)
        if len(calls) != 2 or bytes(calls[1][:4]) != V3_ROUTER.selector("unwrapWETH9"):
            raise NotADexSwap(QT_TR_NOOP("a SwapRouter multicall other than a swap then an unwrap"))
        inner = _exact_input(bytes(calls[0]))
        minimum, receiver = V3_ROUTER.decode_input("unwrapWETH9", bytes(calls[1]))
        if inner.receiver != _address(router) or inner.path[-1] != wrapped or minimum != inner.min_return:
            raise NotADexSwap(QT_TR_NOOP("the swap's output is not what the router unwraps to the receiver"))
        return DexSwap(
            "uniswap_v3", inner.token_in, NATIVE, inner.amount, minimum, _address(receiver),
            inner.deadline, inner.path, inner.fees,
        )  # fmt: skip
    return _exact_input(data)


def _exact_input(data: bytes) -> DexSwap:
    if data[:4] != V3_ROUTER.selector("exactInput"):
        raise NotADexSwap(QT_TR_NOOP("the call is not SwapRouter's exactInput"))
    ((packed, receiver, deadline, amount, minimum),) = V3_ROUTER.decode_input("exactInput", data)
    path, fees = _unpacked_path(bytes(packed))
    return DexSwap("uniswap_v3", path[0], path[-1], amount, minimum, _address(receiver), deadline, path, fees)


def _packed_path(tokens: tuple[str, ...], fees: tuple[int, ...]) -> bytes:
    """V3's path: token, fee (3 bytes), token, ..."""
    if len(fees) != len(tokens) - 1:
        raise ValueError("a V3 path has one fee per hop")
    packed = bytes.fromhex(tokens[0][2:])
    for fee, token in zip(fees, tokens[1:], strict=True):
        packed += fee.to_bytes(3, "big") + bytes.fromhex(token[2:])
    return packed


def _unpacked_path(packed: bytes) -> tuple[tuple[str, ...], tuple[int, ...]]:
    if len(packed) < 43 or (len(packed) - 20) % 23:
        raise NotADexSwap(QT_TR_NOOP("a V3 path of the wrong length"))
    tokens, fees = [to_checksum(packed[:20])], []
    for at in range(20, len(packed), 23):
        fees.append(int.from_bytes(packed[at : at + 3], "big"))
        tokens.append(to_checksum(packed[at + 3 : at + 23]))
    return tuple(tokens), tuple(fees)


def amount_out(kind: str, data: bytes, returned: bytes) -> int:
    """What an eth_call of the swap answers it gives (V2: the amounts along the path; V3: the output)."""
    if kind == "uniswap_v2":
        (amounts,) = V2_ROUTER.decode(_V2_FUNCTIONS[0], returned)
        return int(amounts[-1])
    if data[:4] == V3_ROUTER.selector("multicall"):
        (results,) = V3_ROUTER.decode("multicall", returned)
        return int.from_bytes(bytes(results[0])[:32], "big")
    (out,) = V3_ROUTER.decode("exactInput", returned)
    return int(out)
