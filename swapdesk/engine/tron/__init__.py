"""TRON in the engine: the `/v3/core/swap` record, the router's `swapFlat` entry point as a trigger description,
and the engine's client of a TRON node."""
