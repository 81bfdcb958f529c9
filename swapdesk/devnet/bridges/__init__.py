"""The bridge providers of the demo world: ANYSWAP (Multichain's router V6),
CBRIDGE (Celer's pool-based cBridge) and METAPATH (SWFT's Bridgers).

`deploy` puts their contracts on a chain (`deploy_bridges`), `deployment`
says where they are (JSON, beside the chain's manifest), `config` holds what
they carry, charge and hold, `operators` whose keys pay out, and `celer`
builds and signs cBridge's messages.
"""
