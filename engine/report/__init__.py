"""The balance report (issue 42): bot games played at any scale, summed up with their uncertainty.

``records``: one finished game as a small record (who won, scores, length, how it ended, what was
played); ``stats``: the aggregates and the findings read from them, pure functions over records;
``svg`` and ``page``: the self-contained HTML page; ``runner``: the games played serially or on
a Dask cluster, kept in a JSONL log (the only module here that does I/O, with ``cli``).
The rules packages never import this package (pyproject.toml's import contracts).
"""
