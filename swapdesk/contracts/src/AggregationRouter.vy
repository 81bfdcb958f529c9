# pragma version 0.4.3
# @pragma evm-version cancun
"""
@title Aggregation router
@notice Swaps srcToken for dstToken along routes through verified pools.
        Safety rules, after the October 2022 incident where a router let the
        caller choose the `from` of a transferFrom:
        - funds are pulled only from msg.sender;
        - a V2 pair is called only if a registered factory's getPair returns
          it, a V3 pool only if a registered V3 factory's getPool returns it,
          a StableSwap pool only if the owner registered it;
        - a V3 pool is paid only in its own swap callback, only while the
          router is swapping through it, and must take the whole amount;
        - the minimum is enforced on the receiver's actual balance change;
        - the deadline is enforced.
        Pool kinds: a V2 family's fee is what its owner registered with its
        factory (real factories have no fee getter); a StableSwap hop
        measures what it received (old Curve pools' exchange returns
        nothing) and takes pools of 2 to 4 coins.
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

interface IV3Pool:
    def factory() -> address: view
    def token0() -> address: view
    def token1() -> address: view
    def fee() -> uint24: view
    def swap(recipient: address, zeroForOne: bool, amountSpecified: int256, sqrtPriceLimitX96: uint160, data: Bytes[32]) -> (int256, int256): nonpayable

interface IV3Factory:
    def getPool(a: address, b: address, fee: uint24) -> address: view

MAX_ROUTES: constant(uint256) = 32
MAX_HOPS: constant(uint256) = 2
MAX_TIERS: constant(uint256) = 8
MAX_DISCOUNT_TOKENS: constant(uint256) = 4
MAX_STABLE_COINS: constant(uint256) = 4
BPS: constant(uint256) = 10000
MAX_V2_FEE: constant(uint256) = 1000  # bps: no V2 family charges more than 10 %
# TickMath's bounds: a V3 swap may move the price anywhere inside them
MIN_SQRT_RATIO_PLUS_ONE: constant(uint160) = 4295128740
MAX_SQRT_RATIO_MINUS_ONE: constant(uint160) = 1461446703485210103287273052203988822378723970341
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
wrapped: public(address)  # the chain's wrapped coin, set once by the owner (the constructor is the same everywhere)
feeCollector: public(address)
defaultFeeRate: public(uint256)
channelFeeRate: public(HashMap[bytes32, uint256])  # keccak(channel) -> rate + 1 (0 = unset)
v2FeeOf: HashMap[address, uint256]  # a registered V2 factory -> its fee in bps + 1 (0 = not registered)
isV3Factory: public(HashMap[address, bool])
stableCoins: HashMap[address, DynArray[address, MAX_STABLE_COINS]]  # a registered StableSwap pool -> its coins
discountTokens: public(DynArray[address, MAX_DISCOUNT_TOKENS])
tiers: public(DynArray[Tier, MAX_TIERS])

# the V3 swap under way: the only pool whose callback is paid, in what, and what it took
swappingPool: transient(address)
owedToken: transient(address)
paidToPool: transient(uint256)
unwrapping: transient(bool)  # the wrapped coin is paying the router out: the only native coin it takes


@deploy
def __init__(owner_: address, fee_collector: address, default_fee_rate: uint256):
    """
    @notice The same arguments give the same address on every chain through the deterministic-deployment
            proxy: nothing chain-specific is here (the wrapped coin is set once, after, by the owner)
    """
    assert default_fee_rate < BPS
    self.owner = owner_
    self.feeCollector = fee_collector
    self.defaultFeeRate = default_fee_rate


@external
@payable
def __default__():
    # WETH9's withdraw pays with a 2,300-gas stipend: a transient flag costs 100 of them, a stored address 2,100
    assert self.unwrapping, "Router: only the wrapped coin pays in"


# -- owner ---------------------------------------------------------------------

@external
def setWrapped(wrapped_: address):
    """@notice Name the chain's wrapped native coin, once"""
    assert msg.sender == self.owner, "Router: not owner"
    assert self.wrapped == empty(address), "Router: wrapped coin already set"
    assert wrapped_ != empty(address)
    self.wrapped = wrapped_


@external
def setOwner(owner_: address):
    assert msg.sender == self.owner, "Router: not owner"
    self.owner = owner_


@external
def addFactory(factory: address, fee_bps: uint256):
    """@notice Trust a Uniswap-V2-style factory's pairs, whose swaps keep `fee_bps` of the input"""
    assert msg.sender == self.owner, "Router: not owner"
    assert fee_bps <= MAX_V2_FEE, "Router: fee"
    self.v2FeeOf[factory] = fee_bps + 1


@external
def addV3Factory(factory: address):
    """@notice Trust a Uniswap-V3-style factory's pools (Uniswap's, or a fork with its interface)"""
    assert msg.sender == self.owner, "Router: not owner"
    self.isV3Factory[factory] = True


@external
def addStablePool(pool: address):
    """@notice Trust a StableSwap pool of 2 to 4 coins, read here once: `coins(uint256)`, or old pools' `coins(int128)`"""
    assert msg.sender == self.owner, "Router: not owner"
    coins: DynArray[address, MAX_STABLE_COINS] = []
    for k: uint256 in range(MAX_STABLE_COINS):
        coin: address = self._coin(pool, k, method_id("coins(uint256)", output_type=bytes4))
        if coin == empty(address):
            coin = self._coin(pool, k, method_id("coins(int128)", output_type=bytes4))
        if coin == empty(address):
            break
        coins.append(coin)
    assert len(coins) >= 2, "Router: not a StableSwap pool"
    self.stableCoins[pool] = coins


@view
@external
def v2Fee(factory: address) -> uint256:
    """@return The registered fee of a V2 factory's pairs in bps; reverts when it is not registered"""
    stored: uint256 = self.v2FeeOf[factory]
    assert stored != 0, "Router: unknown factory"
    return stored - 1


@view
@external
def stablePoolCoins(pool: address) -> DynArray[address, MAX_STABLE_COINS]:
    """@return A registered StableSwap pool's coins (empty: not registered)"""
    return self.stableCoins[pool]


@view
@internal
def _coin(pool: address, k: uint256, selector: bytes4) -> address:
    ok: bool = False
    answer: Bytes[32] = b""
    ok, answer = raw_call(pool, concat(selector, convert(k, bytes32)), max_outsize=32, is_static_call=True, revert_on_failure=False)
    if not ok or len(answer) != 32:
        return empty(address)
    return abi_decode(answer, address)


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
def _hop(pool: address, token_in: address, token_out: address, amount_in: uint256) -> uint256:
    """One hop through a pool the router trusts, whatever its kind; what it gave."""
    if len(self.stableCoins[pool]) > 0:
        return self._stable_hop(pool, token_in, token_out, amount_in)
    factory: address = staticcall IPair(pool).factory()
    if self.v2FeeOf[factory] != 0:
        return self._v2_hop(pool, factory, token_in, token_out, amount_in)
    assert self.isV3Factory[factory], "Router: unknown factory"
    return self._v3_hop(pool, factory, token_in, token_out, amount_in)


@internal
def _v2_hop(pair: address, factory: address, token_in: address, token_out: address, amount_in: uint256) -> uint256:
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
    assert extcall IERC20(token_in).transfer(pair, amount_in, default_return_value=True)
    # what the pair received: a token that takes a fee on transfer delivers less than was sent
    received: uint256 = staticcall IERC20(token_in).balanceOf(pair) - reserve_in
    with_fee: uint256 = received * (BPS - (self.v2FeeOf[factory] - 1))
    amount_out: uint256 = with_fee * reserve_out // (reserve_in * BPS + with_fee)
    if zero_for_one:
        extcall IPair(pair).swap(0, amount_out, self, b"")
    else:
        extcall IPair(pair).swap(amount_out, 0, self, b"")
    return amount_out


@internal
def _v3_hop(pool: address, factory: address, token_in: address, token_out: address, amount_in: uint256) -> uint256:
    fee: uint24 = staticcall IV3Pool(pool).fee()
    assert staticcall IV3Factory(factory).getPool(token_in, token_out, fee) == pool, "Router: not the factory's pool"
    zero_for_one: bool = token_in == staticcall IV3Pool(pool).token0()
    limit: uint160 = MAX_SQRT_RATIO_MINUS_ONE
    if zero_for_one:
        limit = MIN_SQRT_RATIO_PLUS_ONE
    self.swappingPool = pool
    self.owedToken = token_in
    self.paidToPool = 0
    amount0: int256 = 0
    amount1: int256 = 0
    amount0, amount1 = extcall IV3Pool(pool).swap(self, zero_for_one, convert(amount_in, int256), limit, b"")
    self.swappingPool = empty(address)
    # a pool that stops at the price limit takes less: the rest would stay here, so the whole swap fails
    assert self.paidToPool == amount_in, "Router: the pool cannot take the whole amount"
    if zero_for_one:
        return convert(-amount1, uint256)
    return convert(-amount0, uint256)


@internal
def _pay_pool(amount0_delta: int256, amount1_delta: int256):
    """A V3 pool's swap callback: pay what it is owed, once, and only the pool being swapped through."""
    assert msg.sender == self.swappingPool and msg.sender != empty(address), "Router: unexpected callback"
    self.swappingPool = empty(address)
    owed: int256 = amount0_delta
    if owed <= 0:
        owed = amount1_delta
    assert owed > 0, "Router: nothing owed"
    self.paidToPool = convert(owed, uint256)
    assert extcall IERC20(self.owedToken).transfer(msg.sender, convert(owed, uint256), default_return_value=True)


@external
def uniswapV3SwapCallback(amount0Delta: int256, amount1Delta: int256, data: Bytes[32]):
    self._pay_pool(amount0Delta, amount1Delta)


@external
def pancakeV3SwapCallback(amount0Delta: int256, amount1Delta: int256, data: Bytes[32]):
    self._pay_pool(amount0Delta, amount1Delta)


@internal
def _stable_hop(pool: address, token_in: address, token_out: address, amount_in: uint256) -> uint256:
    i: int128 = -1
    j: int128 = -1
    k: int128 = 0
    for coin: address in self.stableCoins[pool]:
        if coin == token_in:
            i = k
        elif coin == token_out:
            j = k
        k += 1
    assert i >= 0 and j >= 0, "Router: tokens not in pool"
    before: uint256 = staticcall IERC20(token_out).balanceOf(self)
    assert extcall IERC20(token_in).approve(pool, amount_in, default_return_value=True)
    # old pools' exchange returns nothing: what arrived is what it gave
    raw_call(pool, abi_encode(i, j, amount_in, empty(uint256), method_id=method_id("exchange(int128,int128,uint256,uint256)")))
    return staticcall IERC20(token_out).balanceOf(self) - before


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
        src = self.wrapped
        assert src != empty(address), "Router: no wrapped coin set"
        extcall IWETH(src).deposit(value=paid)
    else:
        assert paid == 0, "Router: value sent with a token swap"
        assert extcall IERC20(src).transferFrom(msg.sender, self, p.amount, default_return_value=True)
    dst: address = p.dstToken
    if dst == empty(address):
        dst = self.wrapped
        assert dst != empty(address), "Router: no wrapped coin set"

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
            amount = self._hop(hop.pool, token, hop.tokenOut, amount)
            token = hop.tokenOut
            pools.append(hop.pool)
        assert token == dst, "Router: route does not end in dstToken"
        out += amount

    if p.dstToken == empty(address):
        self.unwrapping = True
        extcall IWETH(dst).withdraw(out)
        self.unwrapping = False
        # all gas, not send()'s 2300 stipend: contract wallets must be able to receive
        raw_call(p.receiver, b"", value=out)
    else:
        assert extcall IERC20(dst).transfer(p.receiver, out, default_return_value=True)
    received: uint256 = self._balance(p.dstToken, p.receiver) - received_before
    assert received >= p.minReturn, "Router: return below minimum"
    log Swapped(sender=msg.sender, receiver=p.receiver, srcToken=p.srcToken, dstToken=p.dstToken, amountIn=p.amount, fee=fee, amountOut=received, minReturn=p.minReturn, channel=p.channel, pools=pools)
    return received
