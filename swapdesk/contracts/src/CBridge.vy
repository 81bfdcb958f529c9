# pragma version 0.4.3
# @pragma evm-version cancun
"""
@title Celer cBridge, pool-based liquidity
@notice The public interface of cBridge's `Bridge` (with its Pool, Signers,
        DelayedTransfer and VolumeControl parts) on one chain.
        - `send` / `sendNative` take the caller's tokens into the pool and log
          Send with transferId = keccak256(abi.encodePacked(sender, receiver,
          token, amount, dstChainId, nonce, uint64(chainid))), as cBridge.
        - `relay` pays a transfer out of the pool once it carries more than 2/3
          of the validators' power in signatures over keccak256(domain ||
          request), domain = keccak256(abi.encodePacked(chainid, this,
          "Relay")), EIP-191 prefixed (eth_sign), against the stored signer
          set hash; once per transfer id.
        - `withdraw` pays a signed WithdrawMsg (a refund: refid is the refunded
          transfer id) once per withdrawal id, and a transfer at most once:
          a refund of a transfer refunded already, or recorded as paid out
          (`settle`), fails; the user sends it on the source chain.
        - `settle` records on the source chain, on the validators' word, that
          a transfer sent here was relayed (paid out) on its destination:
          from then on it can never be refunded here, whatever the
          validators' records became (a chain that started over).
        - above `delayThresholds[token]` a payout waits `delayPeriod` seconds
          and is then released by anyone with `executeDelayedTransfer`;
          `epochVolumeCaps` bound what leaves per token per epoch.
        Departures clients must know:
        - relayRequest and wdmsg are ABI-encoded, not protobuf:
          relay: abi.encode(address sender, address receiver, address token,
                 uint256 amount, uint64 srcChainId, uint64 dstChainId,
                 bytes32 srcTransferId);
          wdmsg: abi.encode(uint64 chainid, uint64 seqnum, address receiver,
                 address token, uint256 amount, bytes32 refid);
          and each is refused unless addressed to this chain;
        - `settle`, `settled` and `refunded` are this devnet's (cBridge's SGN
          keeps that state off chain);
        - one owner holds every governor role; no pauser; `resetSigners`
          takes effect at once (no notice period); nativeWrap is fixed at
          deployment.
"""

from ethereum.ercs import IERC20

interface IWETH:
    def deposit(): payable
    def withdraw(wad: uint256): nonpayable

MAX_SIGNERS: constant(uint256) = 32
MAX_TOKENS: constant(uint256) = 32
RELAY_LEN: constant(uint256) = 7 * 32
WITHDRAW_LEN: constant(uint256) = 6 * 32
# abi_encode(address[], uint256[]) of MAX_SIGNERS each: two offsets, two lengths, the items
SIGNER_SET_LEN: constant(uint256) = 4 * 32 + 2 * MAX_SIGNERS * 32
# secp256k1 order / 2: a higher s is the malleable twin of a valid signature (OpenZeppelin's ECDSA refuses it)
HALF_ORDER: constant(bytes32) = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0
NATIVE_TRANSFER_GAS: constant(uint256) = 50_000  # cBridge's nativeTokenTransferGas

struct DelayedTransfer:
    receiver: address
    token: address
    amount: uint256
    timestamp: uint256

event Send:
    transferId: bytes32
    sender: address
    receiver: address
    token: address
    amount: uint256
    dstChainId: uint64
    nonce: uint64
    maxSlippage: uint32

event Relay:
    transferId: bytes32
    sender: address
    receiver: address
    token: address
    amount: uint256
    srcChainId: uint64
    srcTransferId: bytes32

event LiquidityAdded:
    seqnum: uint64
    provider: address
    token: address
    amount: uint256

event WithdrawDone:
    withdrawId: bytes32
    seqnum: uint64
    receiver: address
    token: address
    amount: uint256
    refid: bytes32

event TransferSettled:
    transferId: bytes32

event DelayedTransferAdded:
    id: bytes32

event DelayedTransferExecuted:
    id: bytes32
    receiver: address
    token: address
    amount: uint256

event DelayPeriodUpdated:
    period: uint256

event DelayThresholdUpdated:
    token: address
    threshold: uint256

event EpochLengthUpdated:
    length: uint256

event EpochVolumeUpdated:
    token: address
    cap: uint256

event MinSendUpdated:
    token: address
    amount: uint256

event MaxSendUpdated:
    token: address
    amount: uint256

event SignersUpdated:
    signers: DynArray[address, MAX_SIGNERS]
    powers: DynArray[uint256, MAX_SIGNERS]

owner: public(address)
nativeWrap: public(immutable(address))
ssHash: public(bytes32)

transfers: public(HashMap[bytes32, bool])
withdraws: public(HashMap[bytes32, bool])
settled: public(HashMap[bytes32, bool])  # a transfer sent here, relayed on its destination (`settle`)
refunded: public(HashMap[bytes32, bool])  # a transfer sent here, refunded (a withdraw whose refid it is)
minSend: public(HashMap[address, uint256])  # a send must be above it
maxSend: public(HashMap[address, uint256])  # 0: no maximum
minimalMaxSlippage: public(uint32)  # millionths; a send's maxSlippage must be above it
addseq: public(uint64)

delayedTransfers: public(HashMap[bytes32, DelayedTransfer])
delayThresholds: public(HashMap[address, uint256])
delayPeriod: public(uint256)  # seconds

epochLength: public(uint256)  # seconds; 0: no volume control
epochVolumes: public(HashMap[address, uint256])
epochVolumeCaps: public(HashMap[address, uint256])
lastOpTimestamps: public(HashMap[address, uint256])


@deploy
def __init__(native_wrap: address):
    self.owner = msg.sender
    nativeWrap = native_wrap


@external
@payable
def __default__():
    assert msg.sender == nativeWrap, "cBridge: only the wrapped coin pays in"


# -- sending ---------------------------------------------------------------------

@internal
def _send(receiver: address, token: address, amount: uint256, dstChainId: uint64, nonce: uint64, maxSlippage: uint32) -> bytes32:
    assert amount > self.minSend[token], "amount too small"
    assert self.maxSend[token] == 0 or amount <= self.maxSend[token], "amount too large"
    assert maxSlippage > self.minimalMaxSlippage, "max slippage too small"
    transfer_id: bytes32 = keccak256(
        concat(
            convert(msg.sender, bytes20),
            convert(receiver, bytes20),
            convert(token, bytes20),
            convert(amount, bytes32),
            convert(dstChainId, bytes8),
            convert(nonce, bytes8),
            convert(convert(chain.id, uint64), bytes8),
        )
    )
    assert not self.transfers[transfer_id], "transfer exists"
    self.transfers[transfer_id] = True
    return transfer_id


@external
@nonreentrant
def send(_receiver: address, _token: address, _amount: uint256, _dstChainId: uint64, _nonce: uint64, _maxSlippage: uint32):
    transfer_id: bytes32 = self._send(_receiver, _token, _amount, _dstChainId, _nonce, _maxSlippage)
    assert extcall IERC20(_token).transferFrom(msg.sender, self, _amount, default_return_value=True)
    log Send(transferId=transfer_id, sender=msg.sender, receiver=_receiver, token=_token, amount=_amount, dstChainId=_dstChainId, nonce=_nonce, maxSlippage=_maxSlippage)


@external
@payable
@nonreentrant
def sendNative(_receiver: address, _amount: uint256, _dstChainId: uint64, _nonce: uint64, _maxSlippage: uint32):
    assert msg.value == _amount, "Amount mismatch"
    transfer_id: bytes32 = self._send(_receiver, nativeWrap, _amount, _dstChainId, _nonce, _maxSlippage)
    extcall IWETH(nativeWrap).deposit(value=_amount)
    log Send(transferId=transfer_id, sender=msg.sender, receiver=_receiver, token=nativeWrap, amount=_amount, dstChainId=_dstChainId, nonce=_nonce, maxSlippage=_maxSlippage)


# -- liquidity -------------------------------------------------------------------

@external
@nonreentrant
def addLiquidity(_token: address, _amount: uint256):
    assert _amount > 0, "amount too small"
    self.addseq += 1
    assert extcall IERC20(_token).transferFrom(msg.sender, self, _amount, default_return_value=True)
    log LiquidityAdded(seqnum=self.addseq, provider=msg.sender, token=_token, amount=_amount)


@external
@payable
@nonreentrant
def addNativeLiquidity(_amount: uint256):
    assert msg.value == _amount, "Amount mismatch"
    assert _amount > 0, "amount too small"
    self.addseq += 1
    extcall IWETH(nativeWrap).deposit(value=_amount)
    log LiquidityAdded(seqnum=self.addseq, provider=msg.sender, token=nativeWrap, amount=_amount)


# -- paying out on the validators' word ------------------------------------------

@view
@internal
def _domain(kind: String[16]) -> bytes32:
    return keccak256(concat(convert(chain.id, bytes32), convert(self, bytes20), convert(kind, Bytes[16])))


@external
@nonreentrant
def relay(_relayRequest: Bytes[RELAY_LEN], _sigs: DynArray[Bytes[65], MAX_SIGNERS], _signers: DynArray[address, MAX_SIGNERS], _powers: DynArray[uint256, MAX_SIGNERS]):
    self._verify_sigs(keccak256(concat(self._domain("Relay"), _relayRequest)), _sigs, _signers, _powers)
    sender: address = empty(address)
    receiver: address = empty(address)
    token: address = empty(address)
    amount: uint256 = 0
    src_chain: uint64 = 0
    dst_chain: uint64 = 0
    src_transfer_id: bytes32 = empty(bytes32)
    sender, receiver, token, amount, src_chain, dst_chain, src_transfer_id = abi_decode(
        _relayRequest, (address, address, address, uint256, uint64, uint64, bytes32)
    )
    assert convert(dst_chain, uint256) == chain.id, "relay for another chain"
    transfer_id: bytes32 = keccak256(
        concat(
            convert(sender, bytes20),
            convert(receiver, bytes20),
            convert(token, bytes20),
            convert(amount, bytes32),
            convert(src_chain, bytes8),
            convert(dst_chain, bytes8),
            src_transfer_id,
        )
    )
    assert not self.transfers[transfer_id], "transfer exists"
    self.transfers[transfer_id] = True
    self._pay(transfer_id, receiver, token, amount)
    log Relay(transferId=transfer_id, sender=sender, receiver=receiver, token=token, amount=amount, srcChainId=src_chain, srcTransferId=src_transfer_id)


@external
@nonreentrant
def withdraw(_wdmsg: Bytes[WITHDRAW_LEN], _sigs: DynArray[Bytes[65], MAX_SIGNERS], _signers: DynArray[address, MAX_SIGNERS], _powers: DynArray[uint256, MAX_SIGNERS]):
    self._verify_sigs(keccak256(concat(self._domain("WithdrawMsg"), _wdmsg)), _sigs, _signers, _powers)
    wd_chain: uint64 = 0
    seqnum: uint64 = 0
    receiver: address = empty(address)
    token: address = empty(address)
    amount: uint256 = 0
    refid: bytes32 = empty(bytes32)
    wd_chain, seqnum, receiver, token, amount, refid = abi_decode(
        _wdmsg, (uint64, uint64, address, address, uint256, bytes32)
    )
    assert convert(wd_chain, uint256) == chain.id, "withdrawal for another chain"
    wd_id: bytes32 = keccak256(
        concat(
            convert(wd_chain, bytes8), convert(seqnum, bytes8), convert(receiver, bytes20), convert(token, bytes20), convert(amount, bytes32)
        )
    )
    assert not self.withdraws[wd_id], "withdraw already succeeded"
    self.withdraws[wd_id] = True
    if refid != empty(bytes32):  # a refund: one outcome per transfer
        assert not self.settled[refid], "transfer already relayed"
        assert not self.refunded[refid], "transfer already refunded"
        self.refunded[refid] = True
    self._pay(wd_id, receiver, token, amount)
    log WithdrawDone(withdrawId=wd_id, seqnum=seqnum, receiver=receiver, token=token, amount=amount, refid=refid)


@external
def settle(_transferId: bytes32, _sigs: DynArray[Bytes[65], MAX_SIGNERS], _signers: DynArray[address, MAX_SIGNERS], _powers: DynArray[uint256, MAX_SIGNERS]):
    self._verify_sigs(keccak256(concat(self._domain("Settled"), _transferId)), _sigs, _signers, _powers)
    assert self.transfers[_transferId], "transfer not sent here"
    assert not self.refunded[_transferId], "transfer already refunded"
    if not self.settled[_transferId]:
        self.settled[_transferId] = True
        log TransferSettled(transferId=_transferId)


@external
@nonreentrant
def executeDelayedTransfer(id: bytes32):
    transfer: DelayedTransfer = self.delayedTransfers[id]
    assert transfer.timestamp > 0, "delayed transfer not exist"
    assert block.timestamp > transfer.timestamp + self.delayPeriod, "delayed transfer still locked"
    self.delayedTransfers[id] = empty(DelayedTransfer)
    log DelayedTransferExecuted(id=id, receiver=transfer.receiver, token=transfer.token, amount=transfer.amount)
    self._send_token(transfer.receiver, transfer.token, transfer.amount)


@internal
def _pay(id: bytes32, receiver: address, token: address, amount: uint256):
    self._update_volume(token, amount)
    threshold: uint256 = self.delayThresholds[token]
    if threshold > 0 and amount > threshold:
        assert self.delayedTransfers[id].timestamp == 0, "delayed transfer already exists"
        self.delayedTransfers[id] = DelayedTransfer(receiver=receiver, token=token, amount=amount, timestamp=block.timestamp)
        log DelayedTransferAdded(id=id)
    else:
        self._send_token(receiver, token, amount)


@internal
def _update_volume(token: address, amount: uint256):
    cap: uint256 = self.epochVolumeCaps[token]
    if self.epochLength == 0 or cap == 0:
        return
    epoch_start: uint256 = block.timestamp // self.epochLength * self.epochLength
    volume: uint256 = amount
    if self.lastOpTimestamps[token] >= epoch_start:
        volume += self.epochVolumes[token]
    assert volume <= cap, "volume exceeds cap"
    self.epochVolumes[token] = volume
    self.lastOpTimestamps[token] = block.timestamp


@internal
def _send_token(receiver: address, token: address, amount: uint256):
    if token == nativeWrap:
        extcall IWETH(nativeWrap).withdraw(amount)
        raw_call(receiver, b"", value=amount, gas=NATIVE_TRANSFER_GAS)
    else:
        assert extcall IERC20(token).transfer(receiver, amount, default_return_value=True)


# -- the validators' signatures (Signers) -----------------------------------------

@pure
@internal
def _signer_set_hash(signers: DynArray[address, MAX_SIGNERS], powers: DynArray[uint256, MAX_SIGNERS]) -> bytes32:
    # keccak256(abi.encodePacked(address[], uint256[])) as cBridge: the array
    # items, 32 bytes each, without the lengths and offsets abi_encode adds
    encoded: Bytes[SIGNER_SET_LEN] = abi_encode(signers, powers)
    size: uint256 = 32 * len(signers)
    return keccak256(concat(slice(encoded, 96, size), slice(encoded, 128 + size, size)))


@pure
@internal
def _recover(digest: bytes32, sig: Bytes[65]) -> address:
    assert len(sig) == 65, "invalid signature length"
    s: uint256 = convert(extract32(sig, 32), uint256)
    v: uint256 = convert(slice(sig, 64, 1), uint256)
    assert s <= convert(HALF_ORDER, uint256), "invalid signature 's' value"
    assert v == 27 or v == 28, "invalid signature 'v' value"
    signer: address = ecrecover(digest, v, convert(extract32(sig, 0), uint256), s)
    assert signer != empty(address), "invalid signature"
    return signer


@view
@internal
def _verify_sigs(msg_hash: bytes32, sigs: DynArray[Bytes[65], MAX_SIGNERS], signers: DynArray[address, MAX_SIGNERS], powers: DynArray[uint256, MAX_SIGNERS]):
    assert len(signers) == len(powers), "signers and powers length not match"
    assert self._signer_set_hash(signers, powers) == self.ssHash, "Mismatch current signers"
    total: uint256 = 0
    for power: uint256 in powers:
        total += power
    quorum: uint256 = total * 2 // 3 + 1
    digest: bytes32 = keccak256(concat(b"\x19Ethereum Signed Message:\n32", msg_hash))
    signed: uint256 = 0
    prev: uint256 = 0
    index: uint256 = 0
    for sig: Bytes[65] in sigs:
        signer: address = self._recover(digest, sig)
        # sorted signatures: each signer counts once, and one pass finds them all
        assert convert(signer, uint256) > prev, "signers not in ascending order"
        prev = convert(signer, uint256)
        for _: uint256 in range(MAX_SIGNERS):
            if convert(signers[index], uint256) >= prev:
                break
            index += 1
            assert index < len(signers), "signer not found"
        if signers[index] == signer:
            signed += powers[index]
        if signed >= quorum:
            return
    raise "quorum not reached"


@view
@external
def verifySigs(_msg: Bytes[1024], _sigs: DynArray[Bytes[65], MAX_SIGNERS], _signers: DynArray[address, MAX_SIGNERS], _powers: DynArray[uint256, MAX_SIGNERS]):
    self._verify_sigs(keccak256(_msg), _sigs, _signers, _powers)


# -- the owner (cBridge's owner and governors) -------------------------------------

@internal
def _only_owner():
    assert msg.sender == self.owner, "Caller is not owner"


@external
def resetSigners(_signers: DynArray[address, MAX_SIGNERS], _powers: DynArray[uint256, MAX_SIGNERS]):
    self._only_owner()
    assert len(_signers) == len(_powers), "signers and powers length not match"
    prev: uint256 = 0
    for signer: address in _signers:
        assert convert(signer, uint256) > prev, "New signers not in ascending order"
        prev = convert(signer, uint256)
    self.ssHash = self._signer_set_hash(_signers, _powers)
    log SignersUpdated(signers=_signers, powers=_powers)


@external
def setMinSend(_tokens: DynArray[address, MAX_TOKENS], _amounts: DynArray[uint256, MAX_TOKENS]):
    self._only_owner()
    assert len(_tokens) == len(_amounts), "length mismatch"
    for i: uint256 in range(len(_tokens), bound=MAX_TOKENS):
        self.minSend[_tokens[i]] = _amounts[i]
        log MinSendUpdated(token=_tokens[i], amount=_amounts[i])


@external
def setMaxSend(_tokens: DynArray[address, MAX_TOKENS], _amounts: DynArray[uint256, MAX_TOKENS]):
    self._only_owner()
    assert len(_tokens) == len(_amounts), "length mismatch"
    for i: uint256 in range(len(_tokens), bound=MAX_TOKENS):
        self.maxSend[_tokens[i]] = _amounts[i]
        log MaxSendUpdated(token=_tokens[i], amount=_amounts[i])


@external
def setMinimalMaxSlippage(_minimalMaxSlippage: uint32):
    self._only_owner()
    self.minimalMaxSlippage = _minimalMaxSlippage


@external
def setDelayThresholds(_tokens: DynArray[address, MAX_TOKENS], _thresholds: DynArray[uint256, MAX_TOKENS]):
    self._only_owner()
    assert len(_tokens) == len(_thresholds), "length mismatch"
    for i: uint256 in range(len(_tokens), bound=MAX_TOKENS):
        self.delayThresholds[_tokens[i]] = _thresholds[i]
        log DelayThresholdUpdated(token=_tokens[i], threshold=_thresholds[i])


@external
def setDelayPeriod(_period: uint256):
    self._only_owner()
    self.delayPeriod = _period
    log DelayPeriodUpdated(period=_period)


@external
def setEpochLength(_length: uint256):
    self._only_owner()
    self.epochLength = _length
    log EpochLengthUpdated(length=_length)


@external
def setEpochVolumeCaps(_tokens: DynArray[address, MAX_TOKENS], _caps: DynArray[uint256, MAX_TOKENS]):
    self._only_owner()
    assert len(_tokens) == len(_caps), "length mismatch"
    for i: uint256 in range(len(_tokens), bound=MAX_TOKENS):
        self.epochVolumeCaps[_tokens[i]] = _caps[i]
        log EpochVolumeUpdated(token=_tokens[i], cap=_caps[i])


@external
def transferOwnership(newOwner: address):
    self._only_owner()
    assert newOwner != empty(address), "Ownable: new owner is the zero address"
    self.owner = newOwner
