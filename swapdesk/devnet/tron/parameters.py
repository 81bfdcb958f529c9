"""The devnet TRON chain's parameters: what its node charges and allows, in sun.

Mainnet's values where the node applies the rule (the energy price since August 2025), and zero where it
does not model it: no free daily bandwidth, no staked energy or bandwidth, no memo fee. So every byte of
bandwidth and every unit of energy is paid by burning TRX, which makes fees exact and easy to check.
`wallet/getchainparameters` lists them under java-tron's names.
"""

from __future__ import annotations

from typing import Any

ENERGY_FEE = 100  # sun per unit of energy (getEnergyFee)
TRANSACTION_FEE = 1_000  # sun per byte of bandwidth (getTransactionFee)
CREATE_ACCOUNT_FEE = 100_000  # bandwidth burnt by a transfer that creates an account (getCreateAccountFee)
CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT = 1_000_000  # the transfer's own charge for creating it
MAX_FEE_LIMIT = 15_000_000_000  # the highest fee_limit a transaction may set (getMaxFeeLimit)
FREE_NET_LIMIT = 0  # free bandwidth per account and day: none on the devnet (mainnet: 600)
MEMO_FEE = 0  # raw_data.data costs nothing extra on the devnet

MAX_SIGNATURES = 5  # getTotalSignNum
MAX_TRANSACTION_SIZE = 500 * 1024  # bytes (java-tron's TRANSACTION_MAX_BYTE_SIZE)
RESULT_SIZE = 64  # bytes of bandwidth charged for the result a block stores with each transaction
MAX_EXPIRATION_MS = 24 * 3600 * 1000  # how far past the head block a transaction may expire
EXPIRATION_MS = 60_000  # the expiration java-tron gives the transactions it builds

_LISTED = {
    "getTransactionFee": TRANSACTION_FEE,
    "getCreateAccountFee": CREATE_ACCOUNT_FEE,
    "getCreateNewAccountFeeInSystemContract": CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT,
    "getFreeNetLimit": FREE_NET_LIMIT,
    "getTotalSignNum": MAX_SIGNATURES,
    "getAllowCreationOfContracts": 1,
    "getAllowTvmConstantinople": 1,
    "getAllowTvmIstanbul": 1,
    "getAllowTvmLondon": 1,
    "getAllowTvmShangHai": 1,
    "getAllowTvmCancun": 1,
    "getEnergyFee": ENERGY_FEE,
    "getMaxFeeLimit": MAX_FEE_LIMIT,
    "getMemoFee": MEMO_FEE,
}


def chain_parameters() -> dict[str, Any]:
    """`wallet/getchainparameters`: a value of zero is left out, as protobuf's JSON leaves it out."""
    return {"chainParameter": [{"key": k, "value": v} if v else {"key": k} for k, v in _LISTED.items()]}
