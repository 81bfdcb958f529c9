"""The TRON messages the devnet's node speaks, as java-tron's protocol defines them.

Field numbers and names are those of java-tron's `core/Tron.proto`, `core/contract/balance_contract.proto`,
`core/contract/smart_contract.proto` and `api/api.proto`, reduced to the fields this node reads or writes
(`decode` skips the others). Address fields print in base58check when a request says `visible`, and
`Return.message` and `TransactionInfo.resMessage` print as text, as java-tron's `HttpSelfFormatFieldName`
lists them.
"""

from __future__ import annotations

from swapdesk.chain.tron.protobuf import (
    EnumType,
    Message,
    Text,
    address,
    boolean,
    enum,
    int32,
    int64,
    message,
    raw,
    string,
)

CONTRACT_TYPE = EnumType(
    {
        0: "AccountCreateContract",
        1: "TransferContract",
        2: "TransferAssetContract",
        3: "VoteAssetContract",
        4: "VoteWitnessContract",
        5: "WitnessCreateContract",
        6: "AssetIssueContract",
        8: "WitnessUpdateContract",
        9: "ParticipateAssetIssueContract",
        10: "AccountUpdateContract",
        11: "FreezeBalanceContract",
        12: "UnfreezeBalanceContract",
        13: "WithdrawBalanceContract",
        14: "UnfreezeAssetContract",
        15: "UpdateAssetContract",
        16: "ProposalCreateContract",
        17: "ProposalApproveContract",
        18: "ProposalDeleteContract",
        19: "SetAccountIdContract",
        20: "CustomContract",
        30: "CreateSmartContract",
        31: "TriggerSmartContract",
        32: "GetContract",
        33: "UpdateSettingContract",
        41: "ExchangeCreateContract",
        42: "ExchangeInjectContract",
        43: "ExchangeWithdrawContract",
        44: "ExchangeTransactionContract",
        45: "UpdateEnergyLimitContract",
        46: "AccountPermissionUpdateContract",
        48: "ClearABIContract",
        49: "UpdateBrokerageContract",
        51: "ShieldedTransferContract",
        52: "MarketSellAssetContract",
        53: "MarketCancelOrderContract",
        54: "FreezeBalanceV2Contract",
        55: "UnfreezeBalanceV2Contract",
        56: "WithdrawExpireUnfreezeContract",
        57: "DelegateResourceContract",
        58: "UnDelegateResourceContract",
        59: "CancelAllUnfreezeV2Contract",
    }
)
CODE = EnumType({0: "SUCESS", 1: "FAILED"})  # sic: TRON's spelling
CONTRACT_RESULT = EnumType(
    {
        0: "DEFAULT",
        1: "SUCCESS",
        2: "REVERT",
        3: "BAD_JUMP_DESTINATION",
        4: "OUT_OF_MEMORY",
        5: "PRECOMPILED_CONTRACT",
        6: "STACK_TOO_SMALL",
        7: "STACK_TOO_LARGE",
        8: "ILLEGAL_OPERATION",
        9: "STACK_OVERFLOW",
        10: "OUT_OF_ENERGY",
        11: "OUT_OF_TIME",
        12: "JVM_STACK_OVER_FLOW",
        13: "UNKNOWN",
        14: "TRANSFER_FAILED",
        15: "INVALID_CODE",
    }
)
RESPONSE_CODE = EnumType(  # GrpcAPI.Return.response_code
    {
        0: "SUCCESS",
        1: "SIGERROR",
        2: "CONTRACT_VALIDATE_ERROR",
        3: "CONTRACT_EXE_ERROR",
        4: "BANDWITH_ERROR",  # sic
        5: "DUP_TRANSACTION_ERROR",
        6: "TAPOS_ERROR",
        7: "TOO_BIG_TRANSACTION_ERROR",
        8: "TRANSACTION_EXPIRATION_ERROR",
        9: "SERVER_BUSY",
        10: "NO_CONNECTION",
        11: "NOT_ENOUGH_EFFECTIVE_CONNECTION",
        12: "BLOCK_UNSOLIDIFIED",
        20: "OTHER_ERROR",
    }
)
SIGN_WEIGHT_CODE = EnumType(
    {
        0: "ENOUGH_PERMISSION",
        1: "NOT_ENOUGH_PERMISSION",
        2: "SIGNATURE_FORMAT_ERROR",
        3: "COMPUTE_ADDRESS_ERROR",
        4: "PERMISSION_ERROR",
        20: "OTHER_ERROR",
    }
)
ACCOUNT_TYPE = EnumType({0: "Normal", 1: "AssetIssue", 2: "Contract"})
PERMISSION_TYPE = EnumType({0: "Owner", 1: "Witness", 2: "Active"})
ENTRY_TYPE = EnumType(
    {0: "UnknownEntryType", 1: "Constructor", 2: "Function", 3: "Event", 4: "Fallback", 5: "Receive", 6: "Error"}
)
MUTABILITY = EnumType({0: "UnknownMutabilityType", 1: "Pure", 2: "View", 3: "Nonpayable", 4: "Payable"})

# -- transactions -----------------------------------------------------------------

ANY = Message("google.protobuf.Any", string(1, "type_url"), raw(2, "value"))
TRANSFER_CONTRACT = Message(
    "protocol.TransferContract", address(1, "owner_address"), address(2, "to_address"), int64(3, "amount")
)
TRIGGER_SMART_CONTRACT = Message(
    "protocol.TriggerSmartContract",
    address(1, "owner_address"),
    address(2, "contract_address"),
    int64(3, "call_value"),
    raw(4, "data"),
    int64(5, "call_token_value"),
    int64(6, "token_id"),
)
CONTRACT = Message(
    "protocol.Transaction.Contract",
    enum(1, "type", CONTRACT_TYPE),
    message(2, "parameter", ANY),
    raw(3, "provider"),
    raw(4, "ContractName"),
    int32(5, "Permission_id"),
)
RAW = Message(
    "protocol.Transaction.raw",
    raw(1, "ref_block_bytes"),
    int64(3, "ref_block_num"),
    raw(4, "ref_block_hash"),
    int64(8, "expiration"),
    raw(10, "data"),
    message(11, "contract", CONTRACT, repeated=True),
    raw(12, "scripts"),
    int64(14, "timestamp"),
    int64(18, "fee_limit"),
)
RESULT = Message(
    "protocol.Transaction.Result",
    int64(1, "fee"),
    enum(2, "ret", CODE),
    enum(3, "contractRet", CONTRACT_RESULT),
)
TRANSACTION = Message(
    "protocol.Transaction",
    message(1, "raw_data", RAW),
    raw(2, "signature", repeated=True),
    message(5, "ret", RESULT, repeated=True),
)

# -- what became of a transaction -----------------------------------------------------

RESOURCE_RECEIPT = Message(
    "protocol.ResourceReceipt",
    int64(1, "energy_usage"),
    int64(2, "energy_fee"),
    int64(3, "origin_energy_usage"),
    int64(4, "energy_usage_total"),
    int64(5, "net_usage"),
    int64(6, "net_fee"),
    enum(7, "result", CONTRACT_RESULT),
    int64(8, "energy_penalty_total"),
)
LOG = Message("protocol.TransactionInfo.Log", address(1, "address"), raw(2, "topics", repeated=True), raw(3, "data"))
TRANSACTION_INFO = Message(
    "protocol.TransactionInfo",
    raw(1, "id"),
    int64(2, "fee"),
    int64(3, "blockNumber"),
    int64(4, "blockTimeStamp"),
    raw(5, "contractResult", repeated=True),
    address(6, "contract_address"),
    message(7, "receipt", RESOURCE_RECEIPT),
    message(8, "log", LOG, repeated=True),
    enum(9, "result", CODE),
    raw(10, "resMessage", Text.UTF8),
)

# -- blocks ---------------------------------------------------------------------------

BLOCK_HEADER_RAW = Message(
    "protocol.BlockHeader.raw",
    int64(1, "timestamp"),
    raw(2, "txTrieRoot"),
    raw(3, "parentHash"),
    int64(7, "number"),
    int64(8, "witness_id"),
    address(9, "witness_address"),
    int32(10, "version"),
    raw(11, "accountStateRoot"),
)
BLOCK_HEADER = Message("protocol.BlockHeader", message(1, "raw_data", BLOCK_HEADER_RAW), raw(2, "witness_signature"))

# -- accounts and contracts --------------------------------------------------------------

KEY = Message("protocol.Key", address(1, "address"), int64(2, "weight"))
PERMISSION = Message(
    "protocol.Permission",
    enum(1, "type", PERMISSION_TYPE),
    int32(2, "id"),
    string(3, "permission_name"),
    int64(4, "threshold"),
    int32(5, "parent_id"),
    raw(6, "operations"),
    message(7, "keys", KEY, repeated=True),
)
ACCOUNT = Message(
    "protocol.Account",
    enum(2, "type", ACCOUNT_TYPE),
    address(3, "address"),
    int64(4, "balance"),
    int64(9, "create_time"),
    message(31, "owner_permission", PERMISSION),
    message(33, "active_permission", PERMISSION, repeated=True),
)
ACCOUNT_QUERY = Message("protocol.Account", address(3, "address"))
PARAM = Message("protocol.SmartContract.ABI.Entry.Param", boolean(1, "indexed"), string(2, "name"), string(3, "type"))
ENTRY = Message(
    "protocol.SmartContract.ABI.Entry",
    boolean(1, "anonymous"),
    boolean(2, "constant"),
    string(3, "name"),
    message(4, "inputs", PARAM, repeated=True),
    message(5, "outputs", PARAM, repeated=True),
    enum(6, "type", ENTRY_TYPE),
    boolean(7, "payable"),
    enum(8, "stateMutability", MUTABILITY),
)
ABI = Message("protocol.SmartContract.ABI", message(1, "entrys", ENTRY, repeated=True))  # sic
SMART_CONTRACT = Message(
    "protocol.SmartContract",
    address(1, "origin_address"),
    address(2, "contract_address"),
    message(3, "abi", ABI),
    raw(4, "bytecode"),
    int64(5, "call_value"),
    int64(6, "consume_user_resource_percent"),
    string(7, "name"),
    int64(8, "origin_energy_limit"),
    raw(9, "code_hash"),
    raw(10, "trx_hash"),
)

# -- the API's own messages ---------------------------------------------------------------

RETURN = Message("protocol.Return", boolean(1, "result"), enum(2, "code", RESPONSE_CODE), raw(3, "message", Text.UTF8))
TRANSACTION_EXTENTION = Message(  # sic; `transaction` is printed apart (see transactions.transaction_json)
    "protocol.TransactionExtention",
    raw(2, "txid"),
    raw(3, "constant_result", repeated=True),
    message(4, "result", RETURN),
    int64(5, "energy_used"),
    message(6, "logs", LOG, repeated=True),
)
SIGN_WEIGHT_RESULT = Message(
    "protocol.TransactionSignWeight.Result", enum(1, "code", SIGN_WEIGHT_CODE), string(2, "message")
)
SIGN_WEIGHT = Message(
    "protocol.TransactionSignWeight",
    message(1, "permission", PERMISSION),
    address(2, "approved_list", repeated=True),
    int64(3, "current_weight"),
    message(4, "result", SIGN_WEIGHT_RESULT),
)
ACCOUNT_NET = Message(  # GrpcAPI.AccountNetMessage (its asset maps left out: the devnet has no TRC-10)
    "protocol.AccountNetMessage",
    int64(1, "freeNetUsed"),
    int64(2, "freeNetLimit"),
    int64(3, "NetUsed"),
    int64(4, "NetLimit"),
    int64(7, "TotalNetLimit"),
    int64(8, "TotalNetWeight"),
)
ACCOUNT_RESOURCE = Message(  # GrpcAPI.AccountResourceMessage, the same way
    "protocol.AccountResourceMessage",
    int64(1, "freeNetUsed"),
    int64(2, "freeNetLimit"),
    int64(3, "NetUsed"),
    int64(4, "NetLimit"),
    int64(7, "TotalNetLimit"),
    int64(8, "TotalNetWeight"),
    int64(9, "TotalTronPowerWeight"),
    int64(10, "tronPowerUsed"),
    int64(11, "tronPowerLimit"),
    int64(13, "EnergyUsed"),
    int64(14, "EnergyLimit"),
    int64(15, "TotalEnergyLimit"),
    int64(16, "TotalEnergyWeight"),
    int64(21, "storageUsed"),
    int64(22, "storageLimit"),
)
