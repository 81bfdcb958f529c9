"""A TRON full node over the devnet's TRON chain (95500): java-tron's HTTP API, the part tronpy uses.

The chain stays py-evm's; TRON's rules sit on top of it. A TRON block is an EVM block, TRX is the chain's
native coin (in sun), a TRON transaction is java-tron's protobuf, its id the SHA-256 of its raw data,
and it runs as one effect on a new block (`DevChain.commit`), its history kept in the chain's records.

    protobuf      a small bounded protocol-buffers codec, and java-tron's JSON for it (`visible`)
    messages      the TRON messages the node speaks (Tron.proto, contracts, api.proto)
    transactions  raw data from and to JSON, ids, signers
    permissions   who may sign for an account; the weight of signatures
    parameters    what the chain charges and allows (`getchainparameters`)
    blocks        block ids, the reference-block check, block JSON
    execution     a transaction's effect on the state: bandwidth and energy burnt, TRX moved, contracts run
    broadcast     admitting a transaction into a block, or refusing it in TRON's codes
    records       transactions and their TransactionInfo in the chain's database
    contracts     the registry of deployed contracts and their ABIs (`getcontract`)
    ethview       TRON transactions as the chain's Ethereum JSON-RPC shows them
    node          the `wallet/*` methods (served at `/tron/` by `swapdesk.server.tron`)
    errors        refusals and unreadable requests
"""
