"""Static analysis shared by all rules: import resolution, jit contexts, traced-value (taint) tracking."""
