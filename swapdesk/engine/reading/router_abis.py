"""The swap functions of the routers people use that swapdesk does not ship, as their published ABIs declare them
(parameter names included: a swap's arguments are read by name, `swap_terms`). Each selector is checked against
recorded mainnet calls to the router (tests/engine/test_router_abis.py).

Sources: Uniswap's SwapRouter02 (v3-periphery/swap-router-contracts `ISwapRouter02`, `IV3SwapRouter`,
`IV2SwapRouter`, `IPeripheryPaymentsWithFee`, `IMulticallExtended`); 1inch's AggregationRouterV4, V5 and V6
(`swap`, `unoswap`, `uniswapV3Swap`, their verified ABIs); 0x's ExchangeProxy features (`TransformERC20Feature`,
`UniswapFeature`, `UniswapV3Feature`, `PancakeSwapFeature`); ParaSwap's AugustusSwapper v5 (`Utils.SellData`,
`MegaSwapSellData`, `SimpleData`, `DirectUniV3`, `swapOnUniswapV2Fork`) and AugustusV6 (`GenericData`); KyberSwap's
MetaAggregationRouterV2 (`SwapExecutionParams`, `SwapDescriptionV2`); OdosRouterV2 (`swapTokenInfo`); Curve's pools
(`exchange`, `exchange_underlying`); MetaMask Swaps' router (`swap(string,address,uint256,bytes)`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

_S02 = (
    "(address tokenIn,address tokenOut,uint24 fee,address recipient,uint256 amountIn,uint256 amountOutMinimum,"
    "uint160 sqrtPriceLimitX96)"
)
_S02_OUT = (
    "(address tokenIn,address tokenOut,uint24 fee,address recipient,uint256 amountOut,uint256 amountInMaximum,"
    "uint160 sqrtPriceLimitX96)"
)
_DESC4 = (
    "(address srcToken,address dstToken,address srcReceiver,address dstReceiver,uint256 amount,uint256 minReturnAmount,"
    "uint256 flags,bytes permit)"
)
_DESC5 = (
    "(address srcToken,address dstToken,address srcReceiver,address dstReceiver,uint256 amount,uint256 minReturnAmount,"
    "uint256 flags)"
)
_ROUTE = "(uint256 index,address targetExchange,uint256 percent,bytes payload,uint256 networkFee)[] route"
_ADAPTERS = f"(address adapter,uint256 percent,uint256 networkFee,{_ROUTE})[] adapters"
_PATH = f"(address to,uint256 totalNetworkFee,{_ADAPTERS})[] path"
_MEGA_PATH = f"(uint256 fromAmountPercent,{_PATH})[] path"
_SELL_TAIL = "address partner,uint256 feePercent,bytes permit,uint256 deadline,bytes16 uuid"
_KYBER_DESC = (
    "(address srcToken,address dstToken,address[] srcReceivers,uint256[] srcAmounts,address[] feeReceivers,"
    "uint256[] feeAmounts,address dstReceiver,uint256 amount,uint256 minReturnAmount,uint256 flags,bytes permit)"
)
_ODOS = (
    "(address inputToken,uint256 inputAmount,address inputReceiver,address outputToken,uint256 outputQuote,"
    "uint256 outputMin,address outputReceiver)"
)

SIGNATURES: dict[str, tuple[str, ...]] = {  # the router (as its calls name it) -> its swap functions
    "SwapRouter02": (
        "multicall(uint256 deadline,bytes[] data)",
        "multicall(bytes32 previousBlockhash,bytes[] data)",
        f"exactInputSingle({_S02} params)",
        "exactInput((bytes path,address recipient,uint256 amountIn,uint256 amountOutMinimum) params)",
        f"exactOutputSingle({_S02_OUT} params)",
        "exactOutput((bytes path,address recipient,uint256 amountOut,uint256 amountInMaximum) params)",
        "swapExactTokensForTokens(uint256 amountIn,uint256 amountOutMin,address[] path,address to)",
        "swapTokensForExactTokens(uint256 amountOut,uint256 amountInMax,address[] path,address to)",
        "unwrapWETH9(uint256 amountMinimum,address recipient)",
        "unwrapWETH9(uint256 amountMinimum)",
        "sweepToken(address token,uint256 amountMinimum,address recipient)",
        "sweepToken(address token,uint256 amountMinimum)",
    ),
    "1inch": (
        f"swap(address caller,{_DESC4} desc,bytes data)",  # v4
        f"swap(address executor,{_DESC5} desc,bytes permit,bytes data)",  # v5
        f"swap(address executor,{_DESC5} desc,bytes data)",  # v6
        "unoswap(address srcToken,uint256 amount,uint256 minReturn,bytes32[] pools)",  # v4
        "unoswap(address srcToken,uint256 amount,uint256 minReturn,uint256[] pools)",  # v5
        "unoswap(uint256 token,uint256 amount,uint256 minReturn,uint256 dex)",  # v6
        "uniswapV3Swap(uint256 amount,uint256 minReturn,uint256[] pools)",  # v4, v5
    ),
    "0x": (
        "transformERC20(address inputToken,address outputToken,uint256 inputTokenAmount,uint256 minOutputTokenAmount,"
        "(uint32 deploymentNonce,bytes data)[] transformations)",
        "sellToUniswap(address[] tokens,uint256 sellAmount,uint256 minBuyAmount,bool isSushi)",
        "sellEthForTokenToUniswapV3(bytes encodedPath,uint256 minBuyAmount,address recipient)",
        "sellTokenForEthToUniswapV3(bytes encodedPath,uint256 sellAmount,uint256 minBuyAmount,address recipient)",
        "sellTokenForTokenToUniswapV3(bytes encodedPath,uint256 sellAmount,uint256 minBuyAmount,address recipient)",
        "sellToPancakeSwap(address[] tokens,uint256 sellAmount,uint256 minBuyAmount,uint8 fork)",
    ),
    "ParaSwap": (
        "simpleSwap((address fromToken,address toToken,uint256 fromAmount,uint256 toAmount,uint256 expectedAmount,"
        "address[] callees,bytes exchangeData,uint256[] startIndexes,uint256[] values,address beneficiary,"
        f"{_SELL_TAIL}) data)",
        "multiSwap((address fromToken,uint256 fromAmount,uint256 toAmount,uint256 expectedAmount,address beneficiary,"
        f"{_PATH},{_SELL_TAIL}) data)",
        "megaSwap((address fromToken,uint256 fromAmount,uint256 toAmount,uint256 expectedAmount,address beneficiary,"
        f"{_MEGA_PATH},{_SELL_TAIL}) data)",
        "directUniV3Swap((address fromToken,address toToken,address exchange,uint256 fromAmount,uint256 toAmount,"
        "uint256 expectedAmount,uint256 feePercent,uint256 deadline,address partner,bool isApproved,"
        "address beneficiary,bytes path,bytes permit,bytes16 uuid) data)",
        "swapOnUniswapV2Fork(address tokenIn,uint256 amountIn,uint256 amountOutMin,address weth,uint256[] pools)",
        "swapExactAmountIn(address executor,(address srcToken,address destToken,uint256 fromAmount,uint256 toAmount,"
        "uint256 quotedAmount,bytes32 metadata,address beneficiary) swapData,uint256 partnerAndFee,bytes permit,"
        "bytes executorData)",  # v6
    ),
    "KyberSwap": (
        f"swap((address callTarget,address approveTarget,bytes targetData,{_KYBER_DESC} desc,"
        "bytes clientData) execution)",
        f"swapSimpleMode(address caller,{_KYBER_DESC} desc,bytes executorData,bytes clientData)",
    ),
    "Odos": (
        f"swap({_ODOS} tokenInfo,bytes pathDefinition,address executor,uint32 referralCode)",
        "swapCompact()",  # its arguments packed after the selector (`odos`)
    ),
    "Curve": (
        "exchange(int128 i,int128 j,uint256 dx,uint256 min_dy)",
        "exchange(uint256 i,uint256 j,uint256 dx,uint256 min_dy)",
        "exchange_underlying(int128 i,int128 j,uint256 dx,uint256 min_dy)",
    ),
    "MetaMask": ("swap(string aggregatorId,address tokenFrom,uint256 amount,bytes data)",),
}


@cache
def entries() -> list[tuple[str, dict[str, Any]]]:
    """(router, ABI entry) of every function above."""
    return [(router, entry(s)) for router, signatures in SIGNATURES.items() for s in signatures]


def entry(signature: str) -> dict[str, Any]:
    """A function's ABI entry from its declaration: `name(type name,(type name,...)[] name,...)`."""
    name, _, rest = signature.partition("(")
    return {"type": "function", "name": name, "inputs": _params(rest[:-1]), "outputs": []}


def _params(text: str) -> list[dict[str, Any]]:
    return [_param(part) for part in _split(text)] if text else []


def _param(text: str) -> dict[str, Any]:
    kind, _, name = text.rpartition(" ")
    if not kind.startswith("("):
        return {"type": kind, "name": name}
    end = _closing(kind)
    return {"type": "tuple" + kind[end + 1 :], "name": name, "components": _params(kind[1:end])}


def _split(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for n, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(text[start:n])
            start = n + 1
    return [*parts, text[start:]]


def _closing(text: str) -> int:
    depth = 0
    for n, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            return n
    raise ValueError(f"unbalanced: {text}")
