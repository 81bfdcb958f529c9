"""Any transaction read from what it did: swaps through any router, their failures explained, and every other
kind of transaction a user sends around a swap (`transaction_reader.TransactionReader`, behind details and the
transaction extension)."""
