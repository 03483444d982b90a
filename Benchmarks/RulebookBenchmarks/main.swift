print("rulebook-bench")
