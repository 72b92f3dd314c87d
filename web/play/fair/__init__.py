"""Fair play across devices: private cards dealt without trusting any device (docs/fair-play.md)."""
