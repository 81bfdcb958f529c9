"""`GET /v2/agg/swap/new`: the same-chain aggregated quote, end to end.

Fee: the router's rate for the channel (see `devnet.world.FEE_RATE_BPS`;
default 20 bps), discounted by the tier the trader's discount-token holdings
reach; the trader is `issuer`, or `to` when no issuer is given. `impact` in
the response is the trade's price impact: the shortfall of the output
against the same split at each route's marginal rate, as a decimal fraction.
The call data enforces the request's `amountOutMin` when it is above 0 (the
client's second query), else the response's `totalAmountOutMin`.
"""

from __future__ import annotations

from decimal import Decimal

from swapdesk.address import ZERO, format_address, parse_address, to_checksum
from swapdesk.api import AggQuote, ErrorCode, InvalidParameter, SourceAmount, Unprocessable
from swapdesk.api.requests import SwapQuoteRequest
from swapdesk.chains import Chain
from swapdesk.engine.backends import ChainBackend
from swapdesk.engine.routing.quote import NoRoute, best_split, call_data, dex_path, min_out, single_source_outputs
from swapdesk.engine.routing.reader import PoolReader
from swapdesk.icons import source_icon

MAX_IMPACT = Decimal("0.5")  # beyond this the pools cannot reasonably absorb the amount


class Aggregator:
    def __init__(self, backend: ChainBackend) -> None:
        self.backend = backend
        self._readers: dict[int, PoolReader] = {}

    async def reader(self, chain: Chain) -> PoolReader:
        if chain.id not in self._readers:
            self._readers[chain.id] = PoolReader(await self.backend.web3(chain), await self.backend.catalog(chain))
        return self._readers[chain.id]

    async def quote(self, request: SwapQuoteRequest) -> AggQuote:
        chain = request.chain
        reader = await self.reader(chain)
        catalog = reader.catalog
        token0 = to_checksum(parse_address(request.token0, chain.tron))
        token1 = to_checksum(parse_address(request.token1, chain.tron))
        native = to_checksum(ZERO)
        route_in = catalog.wrapped if token0 == native else token0
        route_out = catalog.wrapped if token1 == native else token1
        if route_in == route_out:
            raise InvalidParameter(
                "token1", ErrorCode.SAME_TOKEN, "the native coin and its wrapped token are one asset"
            )
        trader = to_checksum(parse_address(request.issuer or request.to, chain.tron))
        erc20s = [t for t in (token0, token1) if t != native]
        snap = await reader.snapshot(trader, request.channel, request.amountIn, erc20s)

        for name, token, given in (("decimal0", token0, request.decimal0), ("decimal1", token1, request.decimal1)):
            actual = chain.native_decimals if token == native else snap.decimals[token]
            param = "token0" if name == "decimal0" else "token1"
            if actual is None:
                raise InvalidParameter(
                    param, ErrorCode.UNKNOWN_TOKEN, f"no ERC-20 token at that address on {chain.flag}"
                )
            if actual != given:
                raise InvalidParameter(
                    name, ErrorCode.DECIMALS_MISMATCH, f"the token has {actual} decimals on {chain.flag}, not {given}"
                )

        used = request.amountIn - snap.fee
        connectors = [t.address for t in catalog.tokens]
        try:
            split = best_split(snap.pools, route_in, route_out, used, request.part, connectors)
        except NoRoute:
            raise Unprocessable(ErrorCode.NO_ROUTE, f"no pool path between token0 and token1 on {chain.flag}") from None
        impact = split.impact()
        if impact > MAX_IMPACT:
            raise Unprocessable(
                ErrorCode.INSUFFICIENT_LIQUIDITY,
                f"amountIn: more than the pools can absorb (price impact {impact:.1%})",
                "amountIn",
            )
        minimum = min_out(split.total_out, request.impact)
        enforced = request.amountOutMin or minimum
        receiver = to_checksum(parse_address(request.to, chain.tron))
        data = call_data(split, token0, token1, request.amountIn, enforced, receiver, request.channel, snap)
        alone = single_source_outputs(snap.pools, route_in, route_out, used, connectors)
        return AggQuote(
            srcToken=request.token0,
            dstToken=request.token1,
            part=str(request.part),
            to=request.to,
            sender=format_address(parse_address(trader, False), chain.tron),
            amountIn=str(request.amountIn),
            usedAmountIn=str(used),
            totalAmountOut=str(split.total_out),
            totalAmountOutMin=str(minimum),
            impact=f"{impact:.6f}",
            normalFee=str(snap.normal_fee),
            fee=str(snap.fee),
            feeRate=str(snap.fee_rate),
            aggregator=format_address(parse_address(catalog.router, False), chain.tron),
            dexPath=dex_path(split),
            amounts=[SourceAmount(exchange=s, icon_url=source_icon(s), amountOut=str(o)) for s, o in alone.items()],
            data="0x" + data.hex(),
            blockNumber=snap.block,
        )
