"""`GET /v3/core/swap`: the TRON variant of the aggregated quote, with a trigger description as `data`.

The routing, fee and minimum are the aggregated quote's (`quote.aggregator.Aggregator`) for the same request,
refusals included; only the call differs. `data` describes a call of the router's `swapFlat`
(`swap_flat`) that a TRON client sends as given: tronpy's `get_contract(contract).functions.swapFlat(...)`
with `with_transfer(callValue)`, `with_owner(issuer)` and `fee_limit(feeLimit)`, or TronWeb's
`triggerSmartContract(contract, fun, options, parameter, issuer)`. TRX, in or out, is the all-zero address
in TRON form (T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb); selling it, `callValue` is the amount.

`feeLimit` (sun) caps the energy the call may burn. It is measured as a TRON client measures it, on the
TRON node: `wallet/estimateenergy` for the very call from the issuer, plus a margin (`node_client`: the pools
move before the block), at the node's price (`getEnergyFee`), at most `getMaxFeeLimit`. The node can only
measure a call that would succeed now: before the issuer has approved the router (or while it lacks the
balance) the limit is the bound ENERGY_BASE + ENERGY_PER_HOP per hop instead, which covers every swap the
router runs (tests check it against measured ones). On the devnet, energy is the EVM's gas.
"""

from __future__ import annotations

from tronpy import AsyncTron

from swapdesk.address import ZERO, parse_tron
from swapdesk.api import DexRef, ErrorCode, TronQuote, TronSwapRequest, Unprocessable
from swapdesk.api.records import TronCall, TronOptions
from swapdesk.contracts import artifact
from swapdesk.engine.backends import ChainBackend
from swapdesk.engine.quote.aggregator import Aggregator
from swapdesk.engine.tron.node_client import NodeRefused, fee_limit_for, measured_fee_limit, reaching_tron, tron_client
from swapdesk.engine.tron.swap_flat import SIGNATURE, SwapArguments, call_data, parameters
from swapdesk.icons import source_icon
from swapdesk.words import QT_TR_NOOP, Words

ROUTER = artifact("AggregationRouter")
# measured on the devnet: 150k-190k energy for one hop (a StableSwap exchange the dearest), 540k for 4 routes of
# 2 hops, 680k for 11 hops; the bound keeps about twice that, as the measured limits' margin does
ENERGY_BASE = 200_000  # a swap's own work: the fee, the transfers in and out, the checks, the event
ENERGY_PER_HOP = 100_000  # one pool: verifying it, paying it, its swap


class TronQuoter:
    def __init__(self, aggregator: Aggregator, backend: ChainBackend) -> None:
        self.aggregator = aggregator
        self.backend = backend
        self._tron: AsyncTron | None = None

    @property
    def tron(self) -> AsyncTron:
        if self._tron is None:
            self._tron = tron_client(self.backend)
        return self._tron

    async def quote(self, request: TronSwapRequest) -> TronQuote:
        quoted = await self.aggregator.quote(request)
        if quoted.router is not None:  # a DEX router's call: TRON's variant describes only swapdesk's router's
            raise Unprocessable(
                ErrorCode.NOT_AVAILABLE,
                Words(
                    QT_TR_NOOP(
                        "swapdesk's router is not deployed on this TRON network: the TRON quote describes a call of"
                        " swapdesk's router only (deploy it, or name it in TRON's catalogue)"
                    )
                ),
            )
        (swap,) = ROUTER.decode_input("swap", bytes.fromhex(quoted.data.removeprefix("0x")))
        issuer = request.issuer or request.to  # the path's rules require an issuer; `to` only for type's sake
        call_value = request.amountIn if parse_tron(request.token0) == ZERO else 0
        async with reaching_tron(request.chain):
            fee_limit = await self.fee_limit(issuer, quoted.aggregator, swap, call_value)
        return TronQuote(
            srcToken=request.token0,
            dstToken=request.token1,
            to=request.to,
            amountIn=str(request.amountIn),
            totalAmountOut=quoted.totalAmountOut,
            totalAmountOutMin=quoted.totalAmountOutMin,
            dexPath=quoted.dexPath,
            impact=quoted.impact,
            channel=request.channel,
            dexs=[DexRef(dex=name, icon=source_icon(name)) for name in _sources(quoted.dexPath)],
            amounts=quoted.amounts,
            aggregator=quoted.aggregator,
            data=TronCall(
                contract=quoted.aggregator,
                fun=SIGNATURE,
                options=TronOptions(callValue=str(call_value), feeLimit=fee_limit),
                parameter=parameters(swap),
                issuer=issuer,
            ),
            feeRate=int(quoted.feeRate),
            fee=quoted.fee,
            usedAmountIn=quoted.usedAmountIn,
            routes=quoted.routes,
            estimatedGas=quoted.estimatedGas,
            gasCost=quoted.gasCost,
            routesLeftOut=quoted.routesLeftOut,
        )

    async def fee_limit(self, issuer: str, router: str, swap: SwapArguments, call_value: int) -> int:
        """Sun: the call's measured energy and the margin, or the bound, at the node's energy price."""
        trigger = {
            "owner_address": issuer,
            "contract_address": router,
            "function_selector": SIGNATURE,
            "parameter": call_data(swap)[4:].hex(),
            "call_value": call_value,
        }
        try:
            return await measured_fee_limit(self.tron, trigger)
        except NodeRefused:  # the issuer cannot make the call yet (no allowance, or no balance)
            return await fee_limit_for(self.tron, energy_bound(swap))

    async def aclose(self) -> None:
        if self._tron is not None:
            await self._tron.close()


def energy_bound(swap: SwapArguments) -> int:
    """Energy that covers a swap along these routes, whatever the state: for when the node cannot measure it."""
    routes = swap[-1]
    return ENERGY_BASE + ENERGY_PER_HOP * sum(len(hops) for _parts, hops in routes)


def _sources(dex_path: list[str]) -> list[str]:
    """The sources of `dexPath` ('<source>:<percent>'), in its order."""
    return [entry.rpartition(":")[0] for entry in dex_path]
