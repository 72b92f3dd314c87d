"""The browser client: renders per-player views and forwards choices to the engine."""
