"""What a swap call asked for, read from its arguments by their names, whichever router it is for: the tokens
(`path`, `tokenIn`/`tokenOut`, `srcToken`/`dstToken`), the amount in or out, the least it accepts
(`amountOutMin`, `amountOutMinimum`, `minReturn`...), the most it pays (`amountInMax`...), its deadline and its
recipient. A V3 router's `multicall` is read through its calls (a swap, then `unwrapWETH9` pays in the coin), and
the Universal Router through its commands (`universal`).

The receipt says what a swap did; this says what it asked, which is all there is of a swap that failed, and how
to ask again without its bound (`lowered`): the call re-run at its block says what the route gave.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from eth_abi import decode
from eth_abi.exceptions import DecodingError
from eth_utils import to_checksum_address

from swapdesk.engine.reading.calls import Decoded, decoded
from swapdesk.engine.reading.flows import NATIVE

MINIMUMS = (  # the least a swap accepts, as each router names it (ParaSwap's sells: `toAmount`)
    "amountOutMin", "amountOutMinimum", "minReturn", "minReturnAmount", "amountMinimum", "minOutputTokenAmount",
    "minBuyAmount", "outputMin", "min_dy", "toAmount",
)  # fmt: skip
MAXIMUMS = ("amountInMax", "amountInMaximum")
RECIPIENTS = ("to", "recipient", "receiver", "dstReceiver", "beneficiary", "outputReceiver")
AMOUNTS_IN = ("amountIn", "amount", "fromAmount", "inputAmount", "inputTokenAmount", "sellAmount", "dx")
TOKEN_PAIRS = (("tokenIn", "tokenOut"), ("srcToken", "dstToken"), ("srcToken", "destToken"), ("fromToken", "toToken"),
               ("inputToken", "outputToken"))  # fmt: skip
PATHS = ("path", "tokens", "encodedPath")
COIN_SPELLINGS = {NATIVE, "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE"}  # aggregators write the coin so
SPECIAL = 2**16  # recipients below this stand for "the sender" or "the router" (Uniswap's ActionConstants)
MAX_UINT = 2**256 - 1
ROUTES = "(uint256,(address,address)[])[]"  # swapdesk's router's routes, as its TRON entry point takes them


@dataclass(frozen=True)
class Asked:
    function: str  # the function's name
    token_in: str | None = None  # NATIVE for the coin
    token_out: str | None = None
    amount_in: int | None = None  # exact in: the amount; exact out: None
    amount_out: int | None = None  # exact out: the amount
    minimum: int | None = None
    maximum: int | None = None
    deadline: int | None = None
    recipient: str | None = None
    channel: str | None = None  # swapdesk's router
    pools: tuple[str, ...] = ()  # swapdesk's router: the pools its routes name
    lowered: bytes | None = None  # the call with its bound lifted (minimum 0, maximum unbounded)
    result: Callable[[bytes], int | None] | None = None  # what the lowered call's output says the route gave
    refunds: bool = False  # the call has the router send back the coin it did not use (refundETH, Router02's exact out)


Inner = Callable[[bytes, int, str], Asked | None]  # reads one call of a multicall


def is_swap(name: str) -> bool:
    return "swap" in name.lower() or name.startswith(("exactInput", "exactOutput"))


def plain_asked(call: Decoded, value: int, wrapped: str) -> Asked:
    """A router's swap function, by its arguments' names."""
    args, name = call.args(), call.function.name
    token_in, token_out = _tokens(args, name)
    if value and (token_in in (wrapped, NATIVE) or "ETHFor" in name or "EthFor" in name):
        token_in = NATIVE
    if ("ForETH" in name or "ExactETH" in name or "ForEth" in name) and not name.startswith("swapExactETH"):
        token_out = NATIVE
    exact_out = "amountOut" in args and not any(k in args for k in AMOUNTS_IN)
    amount_in = None if exact_out else next((args[k] for k in AMOUNTS_IN if k in args), value if value else None)
    minimum = next((args[k] for k in MINIMUMS if k in args), None)
    maximum = next((args[k] for k in MAXIMUMS if k in args), None)
    if exact_out and maximum is None and value:
        maximum = value  # swapETHForExactTokens: what was sent is the most it pays
    lifted = {k: 0 for k in MINIMUMS if k in args} | {k: MAX_UINT for k in MAXIMUMS if k in args}
    return Asked(
        function=name,
        token_in=token_in,
        token_out=token_out,
        amount_in=int(amount_in) if amount_in is not None else None,
        amount_out=int(args["amountOut"]) if exact_out else None,
        minimum=int(minimum) if minimum is not None else None,
        maximum=int(maximum) if maximum is not None else None,
        deadline=int(args["deadline"]) if "deadline" in args else None,
        recipient=recipient(next((args[k] for k in RECIPIENTS if k in args), None)),
        channel=str(args["channel"]) if "channel" in args else None,
        pools=_route_pools(args.get("routes")),
        lowered=call.encode(**lifted) if lifted else None,
        result=_reader(call, exact_out),
        refunds=exact_out and bool(value) and call.function.contract == "UniswapV2Router02",
    )


def recipient(address: object) -> str | None:
    """Who a call names to be paid; None where it names the sender or the router by a constant, or no one."""
    if address is None or int(str(address), 16) < SPECIAL:
        return None
    return to_checksum_address(str(address))


def _coin(token: object) -> str | None:
    if token is None:
        return None
    text = to_checksum_address(int(token).to_bytes(32, "big")[12:]) if isinstance(token, int) else str(token)
    return NATIVE if text in COIN_SPELLINGS else text


def _tokens(args: dict[str, object], name: str) -> tuple[str | None, str | None]:
    for a, b in TOKEN_PAIRS:
        if a in args and b in args:
            return _coin(args[a]), _coin(args[b])
    path = next((args[k] for k in PATHS if k in args), None)
    if isinstance(path, list) and len(path) >= 2:
        return _coin(path[0]), _coin(path[-1])
    if isinstance(path, bytes) and len(path) >= 43:
        first, last = to_checksum_address(path[:20]), to_checksum_address(path[-20:])
        return (last, first) if name.startswith("exactOutput") else (first, last)  # exact out: the path is reversed
    single = args.get("srcToken", args.get("tokenFrom", args.get("token")))  # 1inch's unoswap, MetaMask
    return _coin(single), None


def _route_pools(routes: object) -> tuple[str, ...]:
    """swapdesk's router's routes (parts, hops of (pool, token out)), or their ABI encoding (its TRON entry)."""
    if isinstance(routes, bytes):
        try:
            (routes,) = decode([ROUTES], routes)
        except (DecodingError, OverflowError, ValueError):
            return ()
    if not isinstance(routes, (list, tuple)):
        return ()
    try:
        return tuple(dict.fromkeys(to_checksum_address(hop[0]) for route in routes for hop in route[1]))
    except (TypeError, IndexError, ValueError):
        return ()


def _reader(call: Decoded, exact_out: bool) -> Callable[[bytes], int | None]:
    """The amount out (exact in) or in (exact out) a call's output names."""

    def read(raw: bytes) -> int | None:
        out = call.output(raw)
        if out.get("amounts"):
            return int(out["amounts"][0 if exact_out else -1])
        named = "amountIn" if exact_out else "amountOut"
        if named in out:
            return int(out[named])
        if len(out) == 1 and isinstance(next(iter(out.values())), int):
            return int(next(iter(out.values())))
        return None

    return read


def multicall_asked(call: Decoded, value: int, wrapped: str, inner_asked: Inner) -> Asked | None:
    """A V3 router's calls in one: its swaps' asks (`inner_asked` reads each call) summed, with the coin out where
    `unwrapWETH9` pays it, and the least it pays out as `unwrapWETH9`/`sweepToken` bound it."""
    inner = list(call.values[-1])
    parts = [(n, part) for n, data in enumerate(inner) if (part := inner_asked(bytes(data), value, wrapped))]
    if not parts:
        return None
    at, found = parts[0]
    last = parts[-1][1]
    found = replace(
        found,
        token_out=last.token_out,
        amount_in=_sum([p.amount_in for _, p in parts if p.token_in == found.token_in]),
        minimum=_sum([p.minimum for _, p in parts if p.token_out == last.token_out]),
        amount_out=_sum([p.amount_out for _, p in parts if p.token_out == last.token_out]),
        recipient=last.recipient,
    )
    for n, data in enumerate(inner):
        settles = decoded(bytes(data))
        if settles is None or not settles.function.name.startswith(("unwrapWETH9", "sweepToken", "refundETH")):
            continue
        args = settles.args()
        if settles.function.name == "refundETH":
            found = replace(found, refunds=bool(value))
            continue
        bound = int(args.get("amountMinimum", 0))
        coin = settles.function.name.startswith("unwrapWETH9")
        found = replace(
            found,
            token_out=NATIVE if coin else _coin(args.get("token")),
            recipient=recipient(args.get("recipient")),
            minimum=bound or found.minimum,  # what reaches the recipient, where it is bound
        )
        inner[n] = settles.encode(amountMinimum=0)
    if found.lowered is not None:
        inner[at] = found.lowered
    reader = found.result

    def read(raw: bytes) -> int | None:
        try:
            (results,) = decode(["bytes[]"], raw)
        except (DecodingError, OverflowError, ValueError):
            return None
        return reader(bytes(results[at])) if reader is not None and at < len(results) else None

    lowered = call.encode(**{_last_name(call): inner})
    return replace(found, function=f"multicall: {found.function}", lowered=lowered, result=read)


def _sum(values: list[int | None]) -> int | None:
    return None if not values or None in values else sum(v for v in values if v is not None)


def _last_name(call: Decoded) -> str:
    assert call.function.entry is not None
    return str(call.function.entry["inputs"][-1].get("name", ""))
