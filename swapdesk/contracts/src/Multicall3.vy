# pragma version 0.4.3
# @pragma evm-version cancun
"""
@title Multicall3 (aggregate3 subset)
@notice aggregate3, getEthBalance, getBlockNumber, getCurrentBlockTimestamp
        with Multicall3's ABI, so readers batch the same way against the
        devnet and against the canonical deployment on real networks. Sizes
        are bounded (Vyper needs static bounds): 256 calls, 256 bytes of call
        data and 512 bytes of return data per call.
"""

MAX_CALLS: constant(uint256) = 256

struct Call3:
    target: address
    allowFailure: bool
    callData: Bytes[256]

struct Result:
    success: bool
    returnData: Bytes[512]


@external
def aggregate3(calls: DynArray[Call3, MAX_CALLS]) -> DynArray[Result, MAX_CALLS]:
    results: DynArray[Result, MAX_CALLS] = []
    for call: Call3 in calls:
        success: bool = False
        data: Bytes[512] = b""
        success, data = raw_call(call.target, call.callData, max_outsize=512, revert_on_failure=False)
        assert success or call.allowFailure, "Multicall3: call failed"
        results.append(Result(success=success, returnData=data))
    return results


@view
@external
def getEthBalance(addr: address) -> uint256:
    return addr.balance


@view
@external
def getBlockNumber() -> uint256:
    return block.number


@view
@external
def getCurrentBlockTimestamp() -> uint256:
    return block.timestamp
