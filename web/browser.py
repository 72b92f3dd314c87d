"""Glue between the page (PyScript) and the app: the only module that touches the DOM."""

from pyscript import document


def start() -> None:
    document.getElementById("app").innerHTML = "<p>Ready.</p>"
    document.documentElement.dataset.ready = "true"
