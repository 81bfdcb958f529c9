"""TRON's wire format, as any client and node speak it: protobuf messages, transactions and their ids."""
