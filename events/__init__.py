"""Event types, the envelope with its hash chain, and the stores."""
