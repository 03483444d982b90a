print("rulebook: not yet implemented")
