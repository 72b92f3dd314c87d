"""Fair play across devices without trusting any: private cards, committed secret choices and
chance made together (docs/fair-play.md)."""
