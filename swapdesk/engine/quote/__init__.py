"""The same-chain aggregated quote (`GET /v2/agg/swap/new`): the request checked, the split or the one route a
DEX's own router runs where swapdesk's router is not deployed, and the record."""
