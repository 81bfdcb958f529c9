# pragma version 0.4.3
# @pragma evm-version cancun
"""
@title Constant-product pair (Uniswap V2 interface)
@notice getReserves, swap, mint, burn, skim, sync, token0/token1 and the LP
        token as in Uniswap V2. The swap fee is set per factory (in basis
        points) so one contract serves every V2 family (Uniswap 30 bps,
        PancakeSwap 25 bps, BiSwap 10 bps...). Flash-swap callbacks are not
        supported: `data` must be empty.
        K check: (b0*10000 - in0*fee) * (b1*10000 - in1*fee) >= r0*r1*10000^2
"""

from ethereum.ercs import IERC20

event Transfer:
    sender: indexed(address)
    receiver: indexed(address)
    value: uint256

event Approval:
    owner: indexed(address)
    spender: indexed(address)
    value: uint256

event Mint:
    sender: indexed(address)
    amount0: uint256
    amount1: uint256

event Burn:
    sender: indexed(address)
    amount0: uint256
    amount1: uint256
    to: indexed(address)

event Swap:
    sender: indexed(address)
    amount0In: uint256
    amount1In: uint256
    amount0Out: uint256
    amount1Out: uint256
    to: indexed(address)

event Sync:
    reserve0: uint112
    reserve1: uint112

MINIMUM_LIQUIDITY: public(constant(uint256)) = 1000
FEE_DENOMINATOR: constant(uint256) = 10000

name: public(constant(String[32])) = "Uniswap V2"
symbol: public(constant(String[8])) = "UNI-V2"
decimals: public(constant(uint8)) = 18
totalSupply: public(uint256)
balanceOf: public(HashMap[address, uint256])
allowance: public(HashMap[address, HashMap[address, uint256]])

factory: public(immutable(address))
token0: public(immutable(address))
token1: public(immutable(address))
fee: public(immutable(uint256))

reserve0: uint112
reserve1: uint112
blockTimestampLast: uint32


@deploy
def __init__(token0_: address, token1_: address, fee_: uint256):
    assert fee_ < FEE_DENOMINATOR, "UniswapV2: FEE"
    factory = msg.sender
    token0 = token0_
    token1 = token1_
    fee = fee_


@view
@external
def getReserves() -> (uint112, uint112, uint32):
    return self.reserve0, self.reserve1, self.blockTimestampLast


@external
@nonreentrant
def mint(to: address) -> uint256:
    r0: uint256 = convert(self.reserve0, uint256)
    r1: uint256 = convert(self.reserve1, uint256)
    balance0: uint256 = staticcall IERC20(token0).balanceOf(self)
    balance1: uint256 = staticcall IERC20(token1).balanceOf(self)
    amount0: uint256 = balance0 - r0
    amount1: uint256 = balance1 - r1
    supply: uint256 = self.totalSupply
    liquidity: uint256 = 0
    if supply == 0:
        liquidity = isqrt(amount0 * amount1) - MINIMUM_LIQUIDITY
        # locked forever so the pool can never be emptied to zero supply
        self._mint(0x000000000000000000000000000000000000dEaD, MINIMUM_LIQUIDITY)
    else:
        liquidity = min(amount0 * supply // r0, amount1 * supply // r1)
    assert liquidity > 0, "UniswapV2: INSUFFICIENT_LIQUIDITY_MINTED"
    self._mint(to, liquidity)
    self._update(balance0, balance1)
    log Mint(sender=msg.sender, amount0=amount0, amount1=amount1)
    return liquidity


@external
@nonreentrant
def burn(to: address) -> (uint256, uint256):
    balance0: uint256 = staticcall IERC20(token0).balanceOf(self)
    balance1: uint256 = staticcall IERC20(token1).balanceOf(self)
    liquidity: uint256 = self.balanceOf[self]
    supply: uint256 = self.totalSupply
    amount0: uint256 = liquidity * balance0 // supply
    amount1: uint256 = liquidity * balance1 // supply
    assert amount0 > 0 and amount1 > 0, "UniswapV2: INSUFFICIENT_LIQUIDITY_BURNED"
    self.balanceOf[self] = 0
    self.totalSupply = supply - liquidity
    log Transfer(sender=self, receiver=empty(address), value=liquidity)
    self._safe_transfer(token0, to, amount0)
    self._safe_transfer(token1, to, amount1)
    self._update(staticcall IERC20(token0).balanceOf(self), staticcall IERC20(token1).balanceOf(self))
    log Burn(sender=msg.sender, amount0=amount0, amount1=amount1, to=to)
    return amount0, amount1


@external
@nonreentrant
def swap(amount0Out: uint256, amount1Out: uint256, to: address, data: Bytes[1024]):
    assert len(data) == 0, "UniswapV2: FLASH_SWAP_UNSUPPORTED"
    assert amount0Out > 0 or amount1Out > 0, "UniswapV2: INSUFFICIENT_OUTPUT_AMOUNT"
    r0: uint256 = convert(self.reserve0, uint256)
    r1: uint256 = convert(self.reserve1, uint256)
    assert amount0Out < r0 and amount1Out < r1, "UniswapV2: INSUFFICIENT_LIQUIDITY"
    assert to != token0 and to != token1, "UniswapV2: INVALID_TO"
    if amount0Out > 0:
        self._safe_transfer(token0, to, amount0Out)
    if amount1Out > 0:
        self._safe_transfer(token1, to, amount1Out)
    balance0: uint256 = staticcall IERC20(token0).balanceOf(self)
    balance1: uint256 = staticcall IERC20(token1).balanceOf(self)
    amount0In: uint256 = 0
    amount1In: uint256 = 0
    if balance0 > r0 - amount0Out:
        amount0In = balance0 - (r0 - amount0Out)
    if balance1 > r1 - amount1Out:
        amount1In = balance1 - (r1 - amount1Out)
    assert amount0In > 0 or amount1In > 0, "UniswapV2: INSUFFICIENT_INPUT_AMOUNT"
    adjusted0: uint256 = balance0 * FEE_DENOMINATOR - amount0In * fee
    adjusted1: uint256 = balance1 * FEE_DENOMINATOR - amount1In * fee
    assert adjusted0 * adjusted1 >= r0 * r1 * FEE_DENOMINATOR * FEE_DENOMINATOR, "UniswapV2: K"
    self._update(balance0, balance1)
    log Swap(sender=msg.sender, amount0In=amount0In, amount1In=amount1In, amount0Out=amount0Out, amount1Out=amount1Out, to=to)


@external
@nonreentrant
def skim(to: address):
    self._safe_transfer(token0, to, staticcall IERC20(token0).balanceOf(self) - convert(self.reserve0, uint256))
    self._safe_transfer(token1, to, staticcall IERC20(token1).balanceOf(self) - convert(self.reserve1, uint256))


@external
@nonreentrant
def sync():
    self._update(staticcall IERC20(token0).balanceOf(self), staticcall IERC20(token1).balanceOf(self))


@external
def transfer(receiver: address, amount: uint256) -> bool:
    self._transfer(msg.sender, receiver, amount)
    return True


@external
def transferFrom(owner: address, receiver: address, amount: uint256) -> bool:
    allowed: uint256 = self.allowance[owner][msg.sender]
    if allowed != max_value(uint256):
        self.allowance[owner][msg.sender] = allowed - amount
    self._transfer(owner, receiver, amount)
    return True


@external
def approve(spender: address, amount: uint256) -> bool:
    self.allowance[msg.sender][spender] = amount
    log Approval(owner=msg.sender, spender=spender, value=amount)
    return True


@internal
def _update(balance0: uint256, balance1: uint256):
    assert balance0 <= convert(max_value(uint112), uint256) and balance1 <= convert(max_value(uint112), uint256), "UniswapV2: OVERFLOW"
    self.reserve0 = convert(balance0, uint112)
    self.reserve1 = convert(balance1, uint112)
    self.blockTimestampLast = convert(block.timestamp % 2**32, uint32)
    log Sync(reserve0=self.reserve0, reserve1=self.reserve1)


@internal
def _mint(to: address, amount: uint256):
    self.totalSupply += amount
    self.balanceOf[to] += amount
    log Transfer(sender=empty(address), receiver=to, value=amount)


@internal
def _transfer(owner: address, receiver: address, amount: uint256):
    self.balanceOf[owner] -= amount
    self.balanceOf[receiver] += amount
    log Transfer(sender=owner, receiver=receiver, value=amount)


@internal
def _safe_transfer(token: address, to: address, amount: uint256):
    # default_return_value: tokens like Ethereum's USDT return nothing
    assert extcall IERC20(token).transfer(to, amount, default_return_value=True), "UniswapV2: TRANSFER_FAILED"
