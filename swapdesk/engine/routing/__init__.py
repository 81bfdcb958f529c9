"""Routing: pool models with the contracts' exact integer math, candidate
routes, the split optimiser and the router's call data."""
