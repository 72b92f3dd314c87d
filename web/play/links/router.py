"""The router's side of the game by links (web/app.py's ``App`` holds ``remote``, the
:class:`~web.play.links.RemoteTable`, and shows what each of its entry points returns by
``_show``): a link opened by address or typed into the remote screen's box, the page's jobs
for the key store and its word on a live channel."""

from web.base import secure
from web.play.links.jobs import Job


class ByLinks:
    def live(self, message: dict) -> None:
        """The page's word on a live channel (static/live.js)."""
        self._show(self.remote.heard_live(message))

    def take_jobs(self) -> list[Job]:
        """The game by links' work for the key store; the router shows what each answer does."""
        return [Job(job.kind, job.args, lambda result, then=job.then: self._show(then(result)))
                for job in self.remote.take_jobs()]

    def job_failed(self, reason: str) -> None:
        """A job could not be done (no WebCrypto at a plain http:// address, no Ed25519 in this
        browser, the key store refused)."""
        self._show(self.remote.failed(reason, self.secure))

    def _open_by_links(self, link: str) -> None:
        """A link of a game by links (or of its live table) opened here, by the remote table (it
        may take a moment); at a plain http:// address not opened, but kept in the start
        screen's box, with the reason (web/base/secure.py)."""
        if not self.secure:
            self._close_game()
            self.screen, self.back = "start", None
            self.start.link_text = self.base_url + link if link.startswith("#") else link
            self.notice = ("error", secure.told(secure.LINK_KEPT))
            return
        if self.playing not in (None, self.remote):  # (it opens another game of its own)
            self._close_game()
        elif self.remote.device is not None:
            self.screen = "remote"  # a refused link changes nothing: its game stays
        self._show(self.remote.take_link(link))

    def _on_remote_open(self, arg=None) -> None:
        self._typed_link(arg, self.remote, "paste")
