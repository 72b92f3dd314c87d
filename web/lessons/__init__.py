"""The lessons of "Learn to play" (web/lesson.py), one module per game: data on the real
engine and screens."""
