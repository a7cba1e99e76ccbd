// Placeholder translation unit so the backend library exists before it has math.
