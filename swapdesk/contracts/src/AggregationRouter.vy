# pragma version 0.4.3
# @pragma evm-version cancun
"""
@title Aggregation router
@notice Swaps srcToken for dstToken along routes through verified pools.
        Safety rules, after the October 2022 incident where a router let the
        caller choose the `from` of a transferFrom:
        - funds are pulled only from msg.sender;
        - a V2 pair is called only if a registered factory's getPair returns
          it; a StableSwap pool only if the owner registered it;
        - the minimum is enforced on the receiver's actual balance change;
        - the deadline is enforced.
        The fee is taken in srcToken before routing: normalFee = amount *
        rate(channel) / 10000, charged at the discount tier the sender's
        holdings of the discount tokens reach (tiers highest first). Route i
        then swaps used * parts_i / sum(parts); the last route takes the
        remainder, so every unit is routed.
        Two entry points run the same swap: `swap(SwapParams)` for clients
        that encode tuples (web3, ethers), and `swapFlat` with one parameter
        per field for TRON's clients: a TRON contract ABI has no tuple
        components, so tronpy and TronWeb cannot encode `SwapParams`.
"""

from ethereum.ercs import IERC20

interface IWETH:
    def deposit(): payable
    def withdraw(wad: uint256): nonpayable

interface IPair:
    def factory() -> address: view
    def token0() -> address: view
    def token1() -> address: view
    def getReserves() -> (uint112, uint112, uint32): view
    def swap(amount0Out: uint256, amount1Out: uint256, to: address, data: Bytes[1024]): nonpayable

interface IFactory:
    def getPair(a: address, b: address) -> address: view
    def fee() -> uint256: view

interface IStableSwap:
    def coins(i: uint256) -> address: view
    def exchange(i: int128, j: int128, dx: uint256, min_dy: uint256) -> uint256: nonpayable

MAX_ROUTES: constant(uint256) = 32
MAX_HOPS: constant(uint256) = 2
MAX_TIERS: constant(uint256) = 8
MAX_DISCOUNT_TOKENS: constant(uint256) = 4
STABLE_COINS: constant(uint256) = 3
BPS: constant(uint256) = 10000
# abi_encode(DynArray[Route, MAX_ROUTES]) at its largest: the outer offset and length, then per route
# its offset, parts, the hops' offset and length, and two hops of two words each
ROUTES_BYTES: constant(uint256) = 64 + MAX_ROUTES * (4 * 32 + MAX_HOPS * 64)

struct Hop:
    pool: address
    tokenOut: address

struct Route:
    parts: uint256
    hops: DynArray[Hop, MAX_HOPS]

struct SwapParams:
    srcToken: address
    dstToken: address
    amount: uint256
    minReturn: uint256
    receiver: address
    channel: String[16]
    deadline: uint256
    routes: DynArray[Route, MAX_ROUTES]

struct Tier:
    threshold: uint256
    feeShare: uint256  # bps of the normal fee charged at this tier

event Swapped:
    sender: indexed(address)
    receiver: indexed(address)
    srcToken: address
    dstToken: address
    amountIn: uint256
    fee: uint256
    amountOut: uint256
    minReturn: uint256
    channel: String[16]
    pools: DynArray[address, MAX_ROUTES * MAX_HOPS]

owner: public(address)
wrapped: public(immutable(address))
feeCollector: public(address)
defaultFeeRate: public(uint256)
channelFeeRate: public(HashMap[bytes32, uint256])  # keccak(channel) -> rate + 1 (0 = unset)
isFactory: public(HashMap[address, bool])
isStablePool: public(HashMap[address, bool])
discountTokens: public(DynArray[address, MAX_DISCOUNT_TOKENS])
tiers: public(DynArray[Tier, MAX_TIERS])


@deploy
def __init__(wrapped_: address, fee_collector: address, default_fee_rate: uint256):
    assert default_fee_rate < BPS
    self.owner = msg.sender
    wrapped = wrapped_
    self.feeCollector = fee_collector
    self.defaultFeeRate = default_fee_rate


@external
@payable
def __default__():
    assert msg.sender == wrapped, "Router: only the wrapped coin pays in"


# -- owner ---------------------------------------------------------------------

@external
def addFactory(factory: address):
    assert msg.sender == self.owner, "Router: not owner"
    self.isFactory[factory] = True


@external
def addStablePool(pool: address):
    assert msg.sender == self.owner, "Router: not owner"
    self.isStablePool[pool] = True


@external
def setChannelFeeRate(channel: String[16], rate: uint256):
    assert msg.sender == self.owner, "Router: not owner"
    assert rate < BPS
    self.channelFeeRate[keccak256(channel)] = rate + 1


@external
def setDiscount(tokens: DynArray[address, MAX_DISCOUNT_TOKENS], tiers: DynArray[Tier, MAX_TIERS]):
    assert msg.sender == self.owner, "Router: not owner"
    for tier: Tier in tiers:
        assert tier.feeShare <= BPS
    self.discountTokens = tokens
    self.tiers = tiers


# -- fees ----------------------------------------------------------------------

@view
@internal
def _fee_rate(channel: String[16]) -> uint256:
    stored: uint256 = self.channelFeeRate[keccak256(channel)]
    if stored == 0:
        return self.defaultFeeRate
    return stored - 1


@view
@internal
def _fee_share(trader: address) -> uint256:
    held: uint256 = 0
    for token: address in self.discountTokens:
        held += staticcall IERC20(token).balanceOf(trader)
    for tier: Tier in self.tiers:
        if held >= tier.threshold:
            return tier.feeShare
    return BPS


@view
@external
def quoteFee(trader: address, channel: String[16], amount: uint256) -> (uint256, uint256, uint256):
    """@return (feeRate, normalFee, fee) for `trader` swapping `amount`"""
    rate: uint256 = self._fee_rate(channel)
    normal: uint256 = amount * rate // BPS
    return rate, normal, normal * self._fee_share(trader) // BPS


# -- swapping ------------------------------------------------------------------

@view
@internal
def _balance(token: address, owner: address) -> uint256:
    if token == empty(address):
        return owner.balance
    return staticcall IERC20(token).balanceOf(owner)


@internal
def _v2_hop(pair: address, token_in: address, token_out: address, amount_in: uint256) -> uint256:
    factory: address = staticcall IPair(pair).factory()
    assert self.isFactory[factory], "Router: unknown factory"
    assert staticcall IFactory(factory).getPair(token_in, token_out) == pair, "Router: not the factory's pair"
    reserve0: uint112 = 0
    reserve1: uint112 = 0
    ts: uint32 = 0
    reserve0, reserve1, ts = staticcall IPair(pair).getReserves()
    zero_for_one: bool = token_in == staticcall IPair(pair).token0()
    reserve_in: uint256 = convert(reserve0, uint256)
    reserve_out: uint256 = convert(reserve1, uint256)
    if not zero_for_one:
        reserve_in = convert(reserve1, uint256)
        reserve_out = convert(reserve0, uint256)
    with_fee: uint256 = amount_in * (BPS - staticcall IFactory(factory).fee())
    amount_out: uint256 = with_fee * reserve_out // (reserve_in * BPS + with_fee)
    assert extcall IERC20(token_in).transfer(pair, amount_in, default_return_value=True)
    if zero_for_one:
        extcall IPair(pair).swap(0, amount_out, self, b"")
    else:
        extcall IPair(pair).swap(amount_out, 0, self, b"")
    return amount_out


@internal
def _stable_hop(pool: address, token_in: address, token_out: address, amount_in: uint256) -> uint256:
    assert self.isStablePool[pool], "Router: unknown pool"
    i: int128 = -1
    j: int128 = -1
    for k: uint256 in range(STABLE_COINS):
        coin: address = staticcall IStableSwap(pool).coins(k)
        if coin == token_in:
            i = convert(k, int128)
        elif coin == token_out:
            j = convert(k, int128)
    assert i >= 0 and j >= 0, "Router: tokens not in pool"
    assert extcall IERC20(token_in).approve(pool, amount_in, default_return_value=True)
    return extcall IStableSwap(pool).exchange(i, j, amount_in, 0)


@external
@payable
@nonreentrant
def swap(p: SwapParams) -> uint256:
    return self._swap(p, msg.value)


@external
@payable
@nonreentrant
def swapFlat(
    srcToken: address,
    dstToken: address,
    amount: uint256,
    minReturn: uint256,
    receiver: address,
    channel: String[16],
    deadline: uint256,
    routes: Bytes[ROUTES_BYTES],
) -> uint256:
    """
    @notice `swap` with SwapParams' fields as parameters, for TRON's clients
    @param routes The routes ABI-encoded as `(uint256,(address,address)[])[]`
           (parts, then hops of pool and tokenOut), as `abi_encode` writes them
    """
    return self._swap(
        SwapParams(
            srcToken=srcToken,
            dstToken=dstToken,
            amount=amount,
            minReturn=minReturn,
            receiver=receiver,
            channel=channel,
            deadline=deadline,
            routes=abi_decode(routes, DynArray[Route, MAX_ROUTES]),
        ),
        msg.value,
    )


@internal
def _swap(p: SwapParams, paid: uint256) -> uint256:
    # `paid` is msg.value, handed over: Vyper lets only payable (external) functions read it
    assert block.timestamp <= p.deadline, "Router: expired"
    assert p.amount > 0 and len(p.routes) > 0, "Router: nothing to swap"
    assert p.srcToken != p.dstToken, "Router: same token"
    # the discount tier is what the trader holds before the swap: selling the
    # discount token itself must not raise the fee on that very trade
    fee_share: uint256 = self._fee_share(msg.sender)
    src: address = p.srcToken
    if src == empty(address):
        assert paid == p.amount, "Router: value must equal amount"
        extcall IWETH(wrapped).deposit(value=paid)
        src = wrapped
    else:
        assert paid == 0, "Router: value sent with a token swap"
        assert extcall IERC20(src).transferFrom(msg.sender, self, p.amount, default_return_value=True)
    dst: address = p.dstToken
    if dst == empty(address):
        dst = wrapped

    normal: uint256 = p.amount * self._fee_rate(p.channel) // BPS
    fee: uint256 = normal * fee_share // BPS
    if fee > 0:
        assert extcall IERC20(src).transfer(self.feeCollector, fee, default_return_value=True)
    used: uint256 = p.amount - fee

    total_parts: uint256 = 0
    for route: Route in p.routes:
        assert route.parts > 0 and len(route.hops) > 0, "Router: empty route"
        total_parts += route.parts

    received_before: uint256 = self._balance(p.dstToken, p.receiver)
    out: uint256 = 0
    routed: uint256 = 0
    pools: DynArray[address, MAX_ROUTES * MAX_HOPS] = []
    for n: uint256 in range(MAX_ROUTES):
        if n >= len(p.routes):
            break
        route: Route = p.routes[n]
        amount: uint256 = used * route.parts // total_parts
        if n == len(p.routes) - 1:
            amount = used - routed
        routed += amount
        token: address = src
        for hop: Hop in route.hops:
            if self.isStablePool[hop.pool]:
                amount = self._stable_hop(hop.pool, token, hop.tokenOut, amount)
            else:
                amount = self._v2_hop(hop.pool, token, hop.tokenOut, amount)
            token = hop.tokenOut
            pools.append(hop.pool)
        assert token == dst, "Router: route does not end in dstToken"
        out += amount

    if p.dstToken == empty(address):
        extcall IWETH(wrapped).withdraw(out)
        # all gas, not send()'s 2300 stipend: contract wallets must be able to receive
        raw_call(p.receiver, b"", value=out)
    else:
        assert extcall IERC20(dst).transfer(p.receiver, out, default_return_value=True)
    received: uint256 = self._balance(p.dstToken, p.receiver) - received_before
    assert received >= p.minReturn, "Router: return below minimum"
    log Swapped(sender=msg.sender, receiver=p.receiver, srcToken=p.srcToken, dstToken=p.dstToken, amountIn=p.amount, fee=fee, amountOut=received, minReturn=p.minReturn, channel=p.channel, pools=pools)
    return received
