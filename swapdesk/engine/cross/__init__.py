"""The engine's cross-chain endpoints: the token list, the quote and its record, the order callback, the routes
extension and the details of cross-chain transactions, over one client per bridge provider (`engine.bridges`)."""
