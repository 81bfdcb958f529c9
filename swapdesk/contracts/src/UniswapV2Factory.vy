# pragma version 0.4.3
# @pragma evm-version cancun
"""
@title Constant-product factory (Uniswap V2 interface)
@notice createPair, getPair, allPairs, allPairsLength as in Uniswap V2, plus
        `fee`, the swap fee in basis points of every pair it creates. Pairs
        are CREATE2 deployments of a blueprint, salted with the sorted token
        pair, so `getPair` is the registry a router can trust.
"""

event PairCreated:
    token0: indexed(address)
    token1: indexed(address)
    pair: address
    index: uint256

MAX_PAIRS: constant(uint256) = 100000

fee: public(immutable(uint256))
pairBlueprint: public(immutable(address))
getPair: public(HashMap[address, HashMap[address, address]])
allPairs: public(DynArray[address, MAX_PAIRS])


@deploy
def __init__(pair_blueprint: address, fee_: uint256):
    pairBlueprint = pair_blueprint
    fee = fee_


@view
@external
def allPairsLength() -> uint256:
    return len(self.allPairs)


@external
def createPair(tokenA: address, tokenB: address) -> address:
    assert tokenA != tokenB, "UniswapV2: IDENTICAL_ADDRESSES"
    token0: address = tokenA
    token1: address = tokenB
    if convert(tokenB, uint160) < convert(tokenA, uint160):
        token0 = tokenB
        token1 = tokenA
    assert token0 != empty(address), "UniswapV2: ZERO_ADDRESS"
    assert self.getPair[token0][token1] == empty(address), "UniswapV2: PAIR_EXISTS"
    pair: address = create_from_blueprint(
        pairBlueprint, token0, token1, fee, salt=keccak256(concat(convert(token0, bytes20), convert(token1, bytes20)))
    )
    self.getPair[token0][token1] = pair
    self.getPair[token1][token0] = pair
    self.allPairs.append(pair)
    log PairCreated(token0=token0, token1=token1, pair=pair, index=len(self.allPairs))
    return pair
