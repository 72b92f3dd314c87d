// The live table's channels (docs/live.md; web/play/live/ decides what goes over them). A worker
// has no RTCPeerConnection, so the page holds one WebRTC data channel per other device: the
// host's page one per guest, a guest's page one to the host. No server of any kind: no STUN or
// TURN, only the host candidates two devices on one network need. This script does what the
// table's Python asks ("offer", "answer", "accept", "send", "close") and tells it what
// happened ("offered", "answered", "open", "closed", "failed", "message"); it decides nothing
// but when to give up on a channel that does not open.
//
// Every attempt to connect is named by the host's offer ("attempt") and runs beside the channel
// that works now, if any: it replaces that one only once it is open, and a failed attempt
// closes nothing else. Every attempt ends: open, or "failed" once its time is up.
(() => {
  "use strict";
  // after the host scans the answer, the channel opens in well under a second, or never (the
  // phones cannot reach each other: the host's side would wait for good)
  const JOIN_MS = 20_000;
  // a guest whose checks reached the host waits this long (from its answer) for the host to
  // scan it; one that reached nobody gives up after JOIN_MS (the browser itself after ~15 s)
  const SCAN_MS = 120_000;
  const open = new Map();  // the other device's seat -> the working { connection, channel }
  const trying = new Map();  // the other device's seat -> the attempt under way

  // the channel is agreed on both sides (negotiated, id 0): no second round of signalling
  function connect(peer, attempt, tell) {
    end(trying.get(peer));
    const connection = new RTCPeerConnection({ iceServers: [] });
    const channel = connection.createDataChannel("table", { negotiated: true, id: 0 });
    const held = { connection, channel, attempt, timer: 0 };
    trying.set(peer, held);
    channel.onopen = () => {
      if (trying.get(peer) !== held) return;
      clearTimeout(held.timer);
      trying.delete(peer);
      end(open.get(peer));  // the channel it replaces
      open.set(peer, held);
      tell({ event: "open", peer, attempt });
    };
    const lost = () => {
      if (open.get(peer) === held) {
        open.delete(peer);
        end(held);
        tell({ event: "closed", peer, attempt });
      } else if (trying.get(peer) === held) {
        fail(peer, held, tell);
      }
    };
    channel.onclose = lost;
    channel.onmessage = ({ data }) => open.get(peer) === held && tell({ event: "message", peer,
                                                                           data });
    connection.onconnectionstatechange = () => connection.connectionState === "failed" && lost();
    return held;
  }

  function fail(peer, held, tell) {
    trying.delete(peer);
    end(held);
    tell({ event: "failed", peer, attempt: held.attempt });
  }

  function end(held) {
    if (!held) return;
    clearTimeout(held.timer);
    held.channel.close();
    held.connection.close();
  }

  // the attempt gives up after ``ms`` (a guest that reached the host waits for its scan)
  function deadline(peer, held, ms, tell, scanned) {
    held.timer = setTimeout(() => {
      if (trying.get(peer) !== held) return;
      const reached = ["connected", "completed"].includes(held.connection.iceConnectionState);
      if (!scanned && reached) deadline(peer, held, SCAN_MS - ms, tell, true);
      else fail(peer, held, tell);
    }, ms);
  }

  // the description once every host candidate is in it (a few hundred milliseconds at most)
  function gathered(connection) {
    return new Promise((resolve) => {
      const done = () => {
        if (connection.iceGatheringState === "complete") resolve(connection.localDescription.sdp);
      };
      connection.addEventListener("icegatheringstatechange", done);
      done();
    });
  }

  async function carryOut(command, tell) {
    const { do: what, peer, attempt } = command;
    try {
      if (what === "offer") {
        const { connection } = connect(peer, attempt, tell);
        await connection.setLocalDescription(await connection.createOffer());
        tell({ event: "offered", peer, attempt, sdp: await gathered(connection) });
      } else if (what === "answer") {
        const held = connect(peer, attempt, tell);
        const { connection } = held;
        await connection.setRemoteDescription({ type: "offer", sdp: command.sdp });
        await connection.setLocalDescription(await connection.createAnswer());
        deadline(peer, held, JOIN_MS, tell, false);
        // the answer needs no candidate: the host learns its address from its checks
        tell({ event: "answered", peer, attempt, sdp: connection.localDescription.sdp });
      } else if (what === "accept") {
        const held = trying.get(peer);
        if (!held || held.attempt !== attempt) throw new Error("no such offer");
        deadline(peer, held, JOIN_MS, tell, true);
        await held.connection.setRemoteDescription({ type: "answer", sdp: command.sdp });
      } else if (what === "send") {
        const held = open.get(peer);
        if (held && held.channel.readyState === "open") held.channel.send(command.data);
        else tell({ event: "closed", peer });
      } else if (what === "close") {
        const both = [trying.get(peer), open.get(peer)];
        trying.delete(peer);
        open.delete(peer);
        both.forEach(end);
      }
    } catch (error) {
      console.warn(`live ${what}: ${error}`);
      const held = trying.get(peer);
      if (held && held.attempt === attempt) fail(peer, held, tell);
      else tell({ event: "failed", peer, attempt });
    }
  }

  window.tableLive = {
    carryOut,
    // for the tests: a channel dropped as a sleeping phone or a lost network drops it (both
    // sides hear it close)
    drop(peer) {
      const held = open.get(peer);
      if (held) held.channel.close();
    },
  };
})();
