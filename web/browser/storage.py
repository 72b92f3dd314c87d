"""The browser's storage (localStorage, sessionStorage) as the app's storage interface."""

from pyodide.ffi import JsException

from web.browser.dom import absent


class WebStorage:
    """The app's storage interface over window.localStorage or window.sessionStorage."""

    def __init__(self, js_storage):
        self.js = js_storage

    def get(self, key):
        value = self.js.getItem(key)
        return None if absent(value) else str(value)

    def set(self, key, value):
        from web.saves import StorageFull

        try:
            self.js.setItem(key, value)
        except JsException as error:
            raise StorageFull(str(error)) from None

    def remove(self, key):
        self.js.removeItem(key)

    def keys(self):
        return [str(self.js.key(i)) for i in range(int(self.js.length))]
